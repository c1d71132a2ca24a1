import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from './app';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { acquireDataDirLock, type DataDirLock } from './lib/data-dir-lock';
import { isDatabaseUnavailable } from './lib/database-unavailable';
import { pruneCounters } from './lib/rate-limit';
import { sharedSecret } from './lib/shared-secret';
import { startLowStockDigests } from './modules/admin/low-stock/low-stock-digest';
import { pruneIdempotencyKeys } from './modules/checkout/idempotency';
import { startOutboxSweeper } from './modules/messaging/outbox-sweeper';
import { startPaymentReconciler } from './modules/payments/reconciler';
import { removeStaleStaging } from './ops/backup';
import { backupRoutes } from './ops/backup-routes';
import { loadOrCreateOpsSecret } from './ops/ops-secret';
import { DEV_ROUTES_NOTICE } from './plugins/dev-routes';
import { renderDemoArtworkApart } from './seed/demo-artwork-apart';
import { renewDemoFlashSales } from './seed/renew-demo-flash-sales';
import { isDatabaseEmpty, seedDemoData } from './seed/seed-demo-data';

const DEMO_PASSWORDS = ['Demo@1234', 'Admin@1234', 'Rider@1234'];

/**
 * Exit codes of a refused start (sysexits.h), so a supervisor can tell "fix the configuration"
 * from "try again later". docs/reliability.md lists them.
 */
export const EXIT = {
  ok: 0,
  failure: 1,
  /** The database server cannot be reached at start. */
  databaseUnavailable: 69,
  /** The data folder is open in another process. */
  dataDirInUse: 75,
  /** Configuration refused: missing or weak JWT_SECRET, demo passwords in production, bad PORT. */
  config: 78,
} as const;

/** How long SIGTERM waits for requests in flight before giving up on them. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const pgliteDir = join(config.dataDir, 'db');

  // One process per embedded database folder: a second one would corrupt it.
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) lock = acquireDataDirLock(config.dataDir);

  const open = () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir,
      // The embedded engine works on its own thread: the HTTP thread keeps answering (decision 075).
      pgliteThread: config.pgliteThread,
      // A smaller buffer cache than PostgreSQL's default keeps an idle shop small (decision 076).
      pgliteSharedBuffers: config.pgliteSharedBuffers,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
    });
  let database: Database;
  try {
    database = await open();
    await database.migrate();
  } catch (error) {
    lock?.release();
    throw error;
  }
  try {
    await removeStaleStaging(config.dataDir);
    const seeded = await prepareData(database, config);
    // Seeding grew the embedded engine's memory, which never shrinks: a new thread starts small
    // (decision 076). In-process PGlite keeps it (its memory is the process's own).
    if (seeded && database.pglite && config.pgliteThread) {
      await database.close();
      database = await open();
    }
  } catch (error) {
    // A refused start still closes the embedded database cleanly and frees its folder.
    await database.close().catch(() => {});
    lock?.release();
    throw error;
  }
  await serve(database, config, lock, started);
}

/** Readies the database's contents; true when it loaded the demo data into an empty database. */
async function prepareData(database: Database, config: AppConfig): Promise<boolean> {
  // Instances on one PostgreSQL must sign and check tokens and OTP codes alike. Without JWT_SECRET
  // (outside production) the first one to start stores its secret in the database for all of them.
  if (config.databaseUrl && !process.env.JWT_SECRET)
    config.jwtSecret = await sharedSecret(database.db, 'jwt', config.jwtSecret);
  // Instances starting together on one empty PostgreSQL must not both seed it.
  let seeded = false;
  await database.exclusive('seed', async () => {
    if (!(await isDatabaseEmpty(database.db))) return;
    const wanted = process.env.SEED_DEMO_DATA;
    if (wanted === 'false' || (config.env === 'production' && wanted !== 'true')) {
      console.warn('Empty database: set SEED_DEMO_DATA=true to load the demo catalogue.');
      return;
    }
    // Production gets the catalogue without the demo accounts, whose passwords are public.
    const demoAccounts = config.env !== 'production';
    // The pictures first, in a process of their own: seeding then finds them all drawn.
    const pictures = await renderDemoArtworkApart(config.mediaDir);
    const summary = await seedDemoData(database.db, { mediaDir: config.mediaDir, demoAccounts });
    console.info('Seeded demo data', { ...summary, images: pictures });
    seeded = true;
  });
  if (config.env === 'production') await refuseDemoPasswords(database.db);
  return seeded;
}

async function serve(database: Database, config: AppConfig, lock: DataDirLock | undefined, started: number) {
  const pgliteDir = join(config.dataDir, 'db');
  let closing = false;
  const app = await buildApp({
    config,
    db: database.db,
    // Runs after the last request in flight has been answered.
    onClose: async () => {
      await database.close();
      lock?.release();
    },
  });
  // The embedded database's thread stopped unasked: nothing more can be stored, so the process
  // stops and its supervisor starts it again (crash recovery runs on the next open).
  database.onLost?.((error) => {
    app.log.fatal({ err: error }, 'The database thread stopped; stopping the server.');
    process.exit(1);
  });
  if (database.pglite) {
    const secret = loadOrCreateOpsSecret(config.dataDir);
    const source = { database, dataDir: config.dataDir, dbDir: pgliteDir, mediaDir: config.mediaDir };
    await app.register(backupRoutes, { prefix: '/api/ops', source, secret });
  }
  // Answers sent while shutting down close their connection: a keep-alive client must not hold
  // the shutdown open (the server closes only the connections idle at the moment it stops).
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  await app.listen({ host: config.host, port: config.port });
  const { port } = app.server.address() as AddressInfo;
  lock?.update({ port, host: config.host });
  app.log.info(
    { database: database.kind, port, startupMs: Math.round(performance.now() - started) },
    `Pasal is open at http://localhost:${port}`,
  );
  // `npm start` listens on every interface; the outbox and order moves stay the developer's.
  if (config.env !== 'production') app.log.info(DEV_ROUTES_NOTICE);

  // Old rate-limit windows and idempotency keys past their 24 h are never read again; any instance may clear them.
  const prune = () =>
    Promise.all([pruneCounters(database.db), pruneIdempotencyKeys(database.db)]).catch((err) =>
      app.log.warn({ err }, 'pruning counters failed'),
    );
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
  // Sends queued messages (order confirmations) whose send after the commit never happened (a
  // crash) or failed; claims keep each message to one instance at a time (docs/decisions/027).
  const sweeper = startOutboxSweeper({ db: database.db, config, log: app.log });
  // Staff's daily low-stock e-mail: every instance tries, the day's row lets one of them make it.
  startLowStockDigests({ db: database.db, config, log: app.log });

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop listening (new connections are refused, requests on open connections get a 503), let
    // the requests in flight finish, then close the database cleanly (onClose above).
    const timer = setTimeout(() => {
      app.log.error('requests still running after the grace period; exiting');
      process.exit(EXIT.failure);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    // A response that began before the signal (a backup download) leaves its connection idle
    // afterwards: close such connections as they become idle.
    setInterval(() => app.server.closeIdleConnections(), 200).unref();
    try {
      await Promise.all([reconciler.stop(), sweeper.stop()]);
      await app.close();
      process.exit(EXIT.ok);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(EXIT.failure);
    }
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
    .where(inArray(users.email, ['demo@example.com', 'admin@example.com', 'rider@example.com']));
  for (const row of rows) {
    for (const password of DEMO_PASSWORDS) {
      if (row.hash && (await verifyPassword(row.hash, password))) {
        throw new ConfigError(
          `Refusing to start in production: ${row.email} still has its demo password. Change it (or remove the account) first.`,
        );
      }
    }
  }
}

function exitCodeOf(error: unknown): number {
  const code = (error as { exitCode?: unknown }).exitCode;
  if (typeof code === 'number') return code;
  if (isDatabaseUnavailable(error)) return EXIT.databaseUnavailable;
  return EXIT.failure;
}

main().catch((error: Error) => {
  const code = exitCodeOf(error);
  // An expected refusal is one clear line; anything else keeps its stack for the operator.
  if (code === EXIT.failure) console.error(error);
  else if (code === EXIT.databaseUnavailable)
    console.error(
      `Cannot start: the database is unreachable (${error.message || (error as { code?: string }).code}).`,
    );
  else console.error(`Cannot start: ${error.message}`);
  process.exit(code);
});
