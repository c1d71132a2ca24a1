import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../config';
import { openDatabase } from '../db/client';
import { isDatabaseEmpty, seedDemoData } from './seed-demo-data';
import { SEED_STATEMENT_TIMEOUT_MS, seedScaleCatalogue } from './seed-scale-catalogue';

// `npm run seed`: migrate, then load the demo data into an empty database (never over real data).
// `npm run seed -- --products 50000`: also generate products until the catalogue holds that many
// (on an empty database, or on one the demo seed filled earlier).
const { values } = parseArgs({ options: { products: { type: 'string' } } });
const target = values.products === undefined ? undefined : Number(values.products);
if (target !== undefined && (!Number.isInteger(target) || target < 0 || target > 5_000_000)) {
  console.error(`--products needs a whole number of products (at most 5,000,000), got ${values.products}`);
  process.exit(2);
}

const started = performance.now();
const dataDir = process.env.DATA_DIR ?? join(repoRoot, 'data');
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  pgliteDir: join(dataDir, 'db'),
  statementTimeoutMs: SEED_STATEMENT_TIMEOUT_MS,
});
try {
  await database.migrate();
  if (await isDatabaseEmpty(database.db)) {
    const summary = await seedDemoData(database.db, { mediaDir: join(dataDir, 'media') });
    console.log('Seeded demo data:', summary);
  } else if (target === undefined) {
    console.log('The database already holds categories or users; nothing was seeded.');
  }
  if (target !== undefined) {
    const scale = await seedScaleCatalogue(database.db, target);
    console.log(
      scale.added === 0
        ? `The catalogue already holds ${scale.before} products; none added.`
        : `Added ${scale.added} generated products (${scale.flashSales} on flash sale) in ${(scale.ms / 1000).toFixed(1)} s: ${scale.total} in all.`,
    );
  }
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
}
