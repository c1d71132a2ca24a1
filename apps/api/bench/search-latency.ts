import { join } from 'node:path';
import { openDatabase } from '../src/db/client';
import { searchProducts } from '../src/modules/catalogue/catalogue-service';
import { suggest } from '../src/modules/catalogue/product-suggestions';

// Search and suggestion latency over a seeded catalogue, one query at a time, without the response
// cache: `DATA_DIR=… tsx bench/search-latency.ts` (PGlite) or with DATABASE_URL (PostgreSQL).
// A first look at the issue 22 targets; the 50-connection HTTP workload is still to be added to
// `npm run bench`.

const QUERIES = [
  'rice',
  'चामल',
  'chamal',
  'chaamal',
  'basmti',
  'basmati rice',
  'dudh',
  'doodh',
  'tori ko tel',
  'toothpaste',
  'toothpsate',
  'दाल',
  'dal',
  'mustord oil',
  'premium',
  'noodles',
  'wai wai',
  'ghee',
  'zzqx',
  'ddc',
  'soap',
  'chiura',
  'masala',
  'khursani',
  'tea',
  'biscuit',
  'milk 500',
  'organic',
  'kg',
  'ch',
];
const PREFIXES = [
  'c',
  'ch',
  'cha',
  'cham',
  'ri',
  'ric',
  'bas',
  'basm',
  'du',
  'dud',
  'चा',
  'चाम',
  'to',
  'too',
  'tooth',
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(
  label: string,
  inputs: string[],
  run: (q: string) => Promise<unknown>,
  rounds: number,
) {
  const times: number[] = [];
  const worst = new Map<string, number>();
  for (let r = 0; r < rounds; r += 1) {
    for (const q of inputs) {
      const start = performance.now();
      await run(q);
      const ms = performance.now() - start;
      times.push(ms);
      worst.set(q, Math.max(worst.get(q) ?? 0, ms));
    }
  }
  times.sort((a, b) => a - b);
  const slowest = [...worst].sort((a, b) => b[1] - a[1]).slice(0, 6);
  console.log(
    `${label}: n=${times.length} p50=${percentile(times, 50).toFixed(1)} ms p90=${percentile(times, 90).toFixed(1)} ms p99=${percentile(times, 99).toFixed(1)} ms max=${times.at(-1)!.toFixed(1)} ms; slowest: ${slowest.map(([q, ms]) => `"${q}" ${ms.toFixed(0)}`).join(', ')}`,
  );
}

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  pgliteDir: join(process.env.DATA_DIR ?? 'data', 'db'),
});
const { db } = database;
const page = { page: 1, pageSize: 24 };
await measure('warm-up', QUERIES, (q) => searchProducts(db, q, page, '/products'), 1);
await measure('search', QUERIES, (q) => searchProducts(db, q, page, '/products'), 3);
await measure('suggest', PREFIXES, (q) => suggest(db, q), 3);
await database.close();
