import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { repoRoot } from '../src/config';
import { openDatabase } from '../src/db/client';
import { users } from '../src/db/schema/users';
import { DEMO_CUSTOMER, isDatabaseEmpty, seedDemoData } from '../src/seed/seed-demo-data';
import { SEED_STATEMENT_TIMEOUT_MS, seedScaleCatalogue } from '../src/seed/seed-scale-catalogue';
import { explainCatalogue } from './explain-catalogue';
import { prepareOrderFixtures, type StockLedger, stockLedger } from './order-fixtures';

// The database the bench loads and the server process it starts.

/** Demo pictures are drawn once and kept between runs; the HTTP bench never asks for them. */
const BENCH_MEDIA = join(tmpdir(), 'pasal-bench-media');

export interface SeedTimes {
  demoMs: number;
  scaleMs: number;
  products: number;
  /** The bench product's stock before any order of this run. */
  ledger: StockLedger;
}

/**
 * Seeds the demo catalogue and generated products up to `products`. A PostgreSQL database must be
 * empty or hold the demo data already (a real shop's database is refused).
 */
export async function prepareDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  products: number;
  /** Print the full query plans, not only their summary. */
  explain: boolean;
}): Promise<SeedTimes> {
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    pgliteDir: join(options.dataDir, 'db'),
    statementTimeoutMs: SEED_STATEMENT_TIMEOUT_MS,
  });
  try {
    await database.migrate();
    let demoMs = 0;
    if (await isDatabaseEmpty(database.db)) {
      const started = performance.now();
      await seedDemoData(database.db, { mediaDir: BENCH_MEDIA });
      demoMs = performance.now() - started;
    } else {
      const [demo] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.email} = ${DEMO_CUSTOMER.email}`);
      if (!demo)
        throw new Error('The database holds data that is not the demo data: give the bench an empty one.');
    }
    const scale = await seedScaleCatalogue(database.db, options.products);
    await explainCatalogue(database.db, options.explain);
    const ledger = await prepareOrderFixtures(database.db);
    return { demoMs, scaleMs: scale.ms, products: scale.total, ledger };
  } finally {
    await database.close();
  }
}

/** The bench product's ledger now (the server must be stopped first on PGlite: one process at a time). */
export async function readLedger(
  options: { databaseUrl?: string; dataDir: string },
  productId: number,
): Promise<StockLedger> {
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    pgliteDir: join(options.dataDir, 'db'),
  });
  try {
    return await stockLedger(database.db, productId);
  } finally {
    await database.close();
  }
}

export interface RunningServer {
  baseUrl: string;
  pid: number;
  /** Largest resident set seen by sample() since start, and the kernel's own high-water mark. */
  peakRssBytes(): { sampled: number; highWater: number | undefined };
  sample(): void;
  stop(): Promise<void>;
}

function procStatusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  const path = `/proc/${pid}/status`;
  if (!existsSync(path)) return undefined;
  const match = readFileSync(path, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return match ? Number(match[1]) * 1024 : undefined;
}

/** Starts the server as `npm start` runs it (the TypeScript entry through tsx) and waits for health. */
export async function startServer(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Writes the server's CPU profiles (node --cpu-prof, and PGlite's thread) into this folder when it stops. */
  cpuProfDir?: string;
}): Promise<RunningServer> {
  // Something already listening there would answer the health check below, and be measured.
  const taken = await fetch(`http://127.0.0.1:${options.port}/`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`Port ${options.port} is in use: stop what listens there, or pass --port`);
  const log = openSync(join(options.dataDir, 'server.log'), 'a');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : []),
      '--import',
      'tsx',
      join(repoRoot, 'apps/api/src/server.ts'),
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: options.dataDir,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        DATABASE_URL: options.databaseUrl ?? '',
        // The load test places thousands of cash orders as the demo customer (decision 038's cap off).
        MAX_OPEN_CASH_ORDERS: '0',
        ...(options.cpuProfDir ? { PGLITE_CPU_PROF_DIR: options.cpuProfDir } : {}),
        ...options.env,
      },
      // Logs go to a file as they would to a container's log collector.
      stdio: ['ignore', log, log],
    },
  );
  closeSync(log);
  // Never leave the server running behind a bench that crashed.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  let sampled = 0;
  const sample = () => {
    const rss = child.pid ? procStatusBytes(child.pid, 'VmRSS') : undefined;
    if (rss && rss > sampled) sampled = rss;
  };
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  for (let i = 0; i < 1200; i += 1) {
    if (child.exitCode !== null)
      throw new Error(`The server exited (${child.exitCode}); see ${options.dataDir}/server.log`);
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) {
      return {
        baseUrl,
        pid: child.pid!,
        sample,
        peakRssBytes: () => ({
          sampled,
          highWater: child.pid ? procStatusBytes(child.pid, 'VmHWM') : undefined,
        }),
        stop,
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('The server did not become healthy within 120 s');
}
