import { argon2Bench } from './argon2-bench';
import { cartAddBench } from './cart-bench';
import { startupBench } from './startup-bench';

// `npm run bench`: every micro-benchmark in turn (add more here).
const benches: [string, () => Promise<unknown>][] = [
  ['argon2', () => argon2Bench()],
  ['startup', () => startupBench()],
  ['cart add', () => cartAddBench()],
];

for (const [name, run] of benches) {
  console.info(`— ${name}`);
  await run();
}
