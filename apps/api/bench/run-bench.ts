import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { argon2Bench } from './argon2-bench';
import { cartAddBench } from './cart-bench';
import { catalogueImportBench } from './catalogue-import-bench';
import { checkoutBench } from './checkout-bench';
import { httpBench } from './http-bench';
import { startupBench } from './startup-bench';

// `npm run bench [-- --products 50000 --duration 5 --connections 50 --only http --endpoint 'home data' --explain --alone --cpu-prof DIR --only import --rows 50000 --runs 3]`:
// every benchmark in turn (add more here). PostgreSQL is used when DATABASE_URL is set.
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '50000' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
    // The import bench: rows per file, and fresh databases to repeat it on.
    rows: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '1' },
    connections: { type: 'string', default: '50' },
    // The HTTP bench's server listens here, the start-time bench's on the next port.
    port: { type: 'string', default: '4391' },
    only: { type: 'string', multiple: true, default: [] },
    endpoint: { type: 'string', multiple: true, default: [] },
    explain: { type: 'boolean', default: false },
    alone: { type: 'boolean', default: false },
    // The HTTP bench's server writes its CPU profiles here (open them in Chrome DevTools or
    // speedscope): its threads', and on PGlite the database thread's (pglite-*.cpuprofile), whose
    // WebAssembly functions `tsx bench/pglite-profile.ts FILE` names.
    'cpu-prof': { type: 'string' },
  },
});

function whole(name: string, value: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} needs a whole number of at least ${min}`);
  return n;
}

const benches: [string, () => Promise<unknown>][] = [
  ['argon2', () => argon2Bench()],
  ['startup', () => startupBench(whole('port', values.port, 1) + 1)],
  [
    'http',
    () =>
      httpBench({
        products: whole('products', values.products, 0),
        duration: whole('duration', values.duration, 1),
        rounds: whole('rounds', values.rounds, 1),
        connections: whole('connections', values.connections, 1),
        port: whole('port', values.port, 1),
        databaseUrl: process.env.DATABASE_URL || undefined,
        endpoints: values.endpoint,
        explain: values.explain,
        aloneOnly: values.alone,
        cpuProfDir: values['cpu-prof'] ? resolve(values['cpu-prof']) : undefined,
      }),
  ],
  ['cart add', () => cartAddBench()],
  ['checkout', () => checkoutBench()],
  [
    'import',
    () =>
      catalogueImportBench(
        whole('rows', values.rows, 1),
        whole('rounds', values.rounds, 0),
        whole('runs', values.runs, 1),
      ),
  ],
];

for (const [name, run] of benches) {
  if (values.only.length > 0 && !values.only.includes(name)) continue;
  console.info(`— ${name}`);
  await run();
}
