import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { apiDir } from '../api-dir';
import { rememberFileSizes } from './pglite-file-sizes';
import { pgliteStartParams } from './pglite-memory';
import { preparedQueries } from './pglite-prepared';
import { openPgliteThread, type PgliteClient } from './pglite-thread';
import { RANDOM_PAGE_COST } from './planner-costs';
import { timedQuery } from './timed-query';

// Both drivers share this base type, so services never know which database they run on.
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded engine, for operations on its folder (backups); undefined on PostgreSQL. */
  pglite?: PgliteClient;
  /** PGlite on its own thread: called once if that thread stops unasked (the server must stop). */
  onLost?(listener: (error: Error) => void): void;
  migrate(): Promise<void>;
  /** Runs fn while holding a database-wide lock, so only one instance does it at a time. */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = join(apiDir, 'drizzle');

// An arbitrary constant: the advisory lock that lets only one instance migrate at a time.
const MIGRATION_LOCK_ID = 7_270_401;

export interface OpenDatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data folder; omitted means an in-memory database (tests). */
  pgliteDir?: string;
  /** PGlite: start from this image (`dumpDataDir()`) instead of an empty cluster (tests). */
  pgliteImage?: Blob;
  /** PGlite: run the engine on a thread of its own (the server; decision 075), not the caller's. */
  pgliteThread?: boolean;
  /** PGlite: PostgreSQL's shared_buffers, such as `32MB` (decision 076); none: PGlite's default. */
  pgliteSharedBuffers?: string;
  poolSize?: number;
  /** PostgreSQL: wait at most this long for a connection, new or pooled (then the request gets a 503). */
  connectTimeoutMs?: number;
  /** PostgreSQL: the server cancels a statement running longer than this. */
  statementTimeoutMs?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(
    options.pgliteDir,
    options.pgliteImage,
    options.pgliteThread ?? false,
    options.pgliteSharedBuffers,
  );
}

async function openPglite(
  dir: string | undefined,
  image: Blob | undefined,
  thread: boolean,
  sharedBuffers: string | undefined,
): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  let client: PgliteClient;
  let onLost: Database['onLost'];
  if (thread) {
    const remote = await openPgliteThread({ dataDir: dir, image, sharedBuffers });
    client = remote;
    onLost = (listener) => remote.onStopped(listener);
  } else {
    const local = new PGlite({
      dataDir: dir,
      loadDataDir: image,
      extensions: { pg_trgm },
      startParams: pgliteStartParams(sharedBuffers),
    });
    await local.waitReady;
    // A relation's size read from memory until something writes (decision 086).
    rememberFileSizes(local.Module);
    // Statements on their own are prepared once (decision 082); a transaction's go through it.
    local.query = preparedQueries(local) as PGlite['query'];
    client = local;
  }
  // Statements outside a transaction each; a transaction as a whole (its statements run inside it).
  client.query = timedQuery('pglite', client.query);
  client.exec = timedQuery('pglite', client.exec);
  client.transaction = timedQuery('pglite', client.transaction);
  // drizzle's PGlite driver makes only these calls; on the database's thread they are messages.
  const driver = () => drizzlePglite({ client: client as PGlite });
  const db = driver() as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    onLost,
    migrate: () => migratePglite(driver(), { migrationsFolder }),
    // One PGlite folder is only ever opened by one process, so there is nobody to exclude.
    exclusive: (_name, fn) => fn(),
    // A clean close writes a shutdown checkpoint: the next start needs no crash recovery.
    close: () => client.close(),
  };
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<Database> {
  const statementTimeout = options.statementTimeoutMs ?? 15_000;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // During an outage a request fails with 503 after this long instead of hanging.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    // Server side: a statement stuck behind a lock or a runaway query is cancelled (57014).
    statement_timeout: statementTimeout,
    // A crashed instance's open transaction must not hold row locks for long.
    idle_in_transaction_session_timeout: 60_000,
    // Client side: a server that stopped answering (frozen, network cut) cannot cancel anything,
    // so the driver gives up a little after the server would have.
    query_timeout: statementTimeout + 2_000,
    keepAlive: true,
    // Before the pool hands a new connection out, so every statement is planned with it (decision
    // 081). A session setting rather than the server's: the shop cannot count on owning either.
    onConnect: async (client) => {
      await client.query(`set random_page_cost = ${RANDOM_PAGE_COST}`);
    },
  });
  // A connection the server cuts (restart, failover, shutdown) emits 'error', whether it sits
  // idle in the pool or is checked out between two statements of a transaction; unhandled, that
  // event would end the process. The statement that uses it next fails (a 503 for its request)
  // and the pool drops it. The pool repeats an idle connection's error: logged once, here.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.warn('PostgreSQL connection error:', error.message));
    // Every statement of the pool, in or out of a transaction, goes through its client's query.
    client.query = timedQuery('postgres', client.query);
  });
  pool.on('error', () => {});
  // Migrations and advisory-lock waits (another instance seeding) may take long and are not
  // requests: they run on a connection of their own, without the request timeouts.
  async function withSessionClient<T>(fn: (conn: pg.Client) => Promise<T>): Promise<T> {
    const conn = new pg.Client({ connectionString: url, connectionTimeoutMillis: options.connectTimeoutMs });
    // A cut connection fails the statement waiting on it; the event alone must not end the process.
    conn.on('error', () => {});
    await conn.connect();
    try {
      return await fn(conn);
    } finally {
      await conn.end().catch(() => {});
    }
  }
  // Numeric and bigint come back as strings; dates stay strings too, like PGlite's.
  const db = drizzlePostgres(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      await withSessionClient(async (conn) => {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        try {
          await migratePostgres(drizzlePostgres(conn), { migrationsFolder });
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        }
      });
    },
    async exclusive(name, fn) {
      return withSessionClient(async (conn) => {
        await conn.query('select pg_advisory_lock(hashtext($1))', [`pasal:${name}`]);
        try {
          return await fn();
        } finally {
          await conn.query('select pg_advisory_unlock(hashtext($1))', [`pasal:${name}`]).catch(() => {});
        }
      });
    },
    close: () => pool.end(),
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** A json column's value: both drivers parse json, but one handing back the text is read the same way. */
export function jsonColumn<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** The rows of a raw SQL query: both drivers answer `{ rows }`, which the shared Db type hides. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
