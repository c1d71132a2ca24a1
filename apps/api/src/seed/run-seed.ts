import { join } from 'node:path';
import { repoRoot } from '../config';
import { openDatabase } from '../db/client';
import { isDatabaseEmpty, seedDemoData } from './seed-demo-data';

// `npm run seed`: migrate, then load the demo data into an empty database (never over real data).
const started = performance.now();
const dataDir = process.env.DATA_DIR ?? join(repoRoot, 'data');
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  pgliteDir: join(dataDir, 'db'),
});
try {
  await database.migrate();
  if (await isDatabaseEmpty(database.db)) {
    const summary = await seedDemoData(database.db, { mediaDir: join(dataDir, 'media') });
    console.log('Seeded demo data:', summary);
  } else {
    console.log('The database already holds categories or users; nothing was seeded.');
  }
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
}
