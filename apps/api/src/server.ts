import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { pruneCounters } from './lib/rate-limit';
import { startPaymentReconciler } from './modules/payments/reconciler';
import { renewDemoFlashSales } from './seed/renew-demo-flash-sales';
import { isDatabaseEmpty, seedDemoData } from './seed/seed-demo-data';

const DEMO_PASSWORDS = ['Demo@1234', 'Admin@1234'];

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: join(config.dataDir, 'db'),
  });
  await database.migrate();

  // Instances starting together on one empty PostgreSQL must not both seed it.
  await database.exclusive('seed', async () => {
    if (!(await isDatabaseEmpty(database.db))) return;
    if (config.env === 'production' && process.env.SEED_DEMO_DATA !== 'true') {
      console.warn('Empty database: set SEED_DEMO_DATA=true to load the demo catalogue.');
      return;
    }
    const summary = await seedDemoData(database.db, { mediaDir: config.mediaDir });
    console.info('Seeded demo data', summary);
  });
  if (config.env === 'production') await refuseDemoPasswords(database.db);

  const app = await buildApp({ config, db: database.db, onClose: () => database.close() });
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { database: database.kind, startupMs: Math.round(performance.now() - started) },
    `Pasal is open at http://localhost:${config.port}`,
  );

  // Old rate-limit windows are never read again; any instance may clear them.
  const prune = () =>
    pruneCounters(database.db).catch((err) => app.log.warn({ err }, 'pruning counters failed'));
  void prune();
  setInterval(prune, 3_600_000).unref();
  // The demo's flash sales end 7 days after the first start; outside production they start again
  // whenever none is left running or scheduled (staff create real ones in the console).
  if (config.env !== 'production') {
    const renew = () =>
      renewDemoFlashSales(database.db).catch((err) =>
        app.log.warn({ err }, 'renewing demo flash sales failed'),
      );
    void renew();
    setInterval(renew, 3_600_000).unref();
  }
  // Settles payments whose browser never came back and cancels unpaid online orders; several
  // instances may run it at once (row locks keep each payment to one of them).
  const reconciler = startPaymentReconciler({ db: database.db, config, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let those in flight finish, then close the database.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await reconciler.stop();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

// A production start must not run with an account anyone can read the password of.
async function refuseDemoPasswords(db: import('./db/client').Db): Promise<void> {
  const { users } = await import('./db/schema/users');
  const { inArray } = await import('drizzle-orm');
  const { verifyPassword } = await import('./lib/password');
  const rows = await db
    .select({ email: users.email, hash: users.passwordHash })
    .from(users)
    .where(inArray(users.email, ['demo@example.com', 'admin@example.com']));
  for (const row of rows) {
    for (const password of DEMO_PASSWORDS) {
      if (row.hash && (await verifyPassword(row.hash, password))) {
        throw new Error(`Refusing to start in production: ${row.email} still has its demo password.`);
      }
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
