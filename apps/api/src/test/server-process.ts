import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The real server as a child process, for tests that crash it, stop it or run two of them.
// Only Node built-ins here, so e2e tests (Playwright) can use it as well as vitest.

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const SERVER_ENTRY = join(repoRoot, 'apps/api/src/server.ts');
const TSX_LOADER = pathToFileURL(join(repoRoot, 'node_modules/tsx/dist/loader.mjs')).href;

export interface ServerOptions {
  /** DATA_DIR: the embedded database (unless databaseUrl) and the media. */
  dataDir: string;
  /** DATABASE_URL: run on a PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /** More environment; a value of undefined removes a variable. */
  env?: Record<string, string | undefined>;
  /** How long to wait for the first healthy answer (a start that seeds the demo data is slow). */
  readyTimeoutMs?: number;
}

export interface ExitResult {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  readonly options: ServerOptions;
  readonly pid: number;
  readonly port: number;
  /** http://127.0.0.1:port */
  readonly url: string;
  /** Resolves when the process has exited. */
  readonly exited: Promise<ExitResult>;
  /** Everything it printed (stdout and stderr, interleaved). */
  output(): string;
  /** Sends a signal and waits for the exit (SIGKILL by default: a crash). */
  kill(signal?: NodeJS.Signals): Promise<ExitResult>;
  /** SIGTERM and wait: a graceful stop. */
  stop(): Promise<ExitResult>;
  /** Waits for this process to be gone, then starts a new one on the same data and options. */
  restart(overrides?: Partial<ServerOptions>): Promise<ServerProcess>;
}

/** A signing secret that passes the production checks. */
export const STRONG_JWT_SECRET = randomBytes(48).toString('base64url');

// Variables of the test runner that must not leak into the server.
const DROPPED = ['NODE_ENV', 'DATABASE_URL', 'TEST_DATABASE_URL', 'PORT', 'DATA_DIR', 'JWT_SECRET'];

function serverEnv(options: ServerOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (DROPPED.includes(name) || name.startsWith('VITEST') || name.startsWith('PASAL_')) delete env[name];
  }
  Object.assign(env, {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: '0', // the server picks a free port and logs it
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'info',
    // Seeding the full demo catalogue takes a while; tests opt in with SEED_DEMO_DATA=true.
    SEED_DEMO_DATA: 'false',
    WEB_DIST: join(options.dataDir, 'no-storefront'),
    JWT_SECRET: STRONG_JWT_SECRET,
    // The load tests place many cash orders per customer: the cap on open ones (decision 038) is off.
    MAX_OPEN_CASH_ORDERS: '0',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  });
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/**
 * The reliability suite's global setup (server-bundle-setup.ts) bundles the sources once per run, as
 * `npm run build` does, and names the bundle here: each of its many starts then loads one file
 * instead of transforming the sources through tsx. Elsewhere (e2e) the sources run through tsx.
 */
export const SERVER_BUNDLE_VARIABLE = 'PASAL_TEST_SERVER_BUNDLE';

/** Spawns the server process itself (not a wrapper), so a signal reaches the server. */
function spawnServer(options: ServerOptions): ChildProcess {
  const bundle = process.env[SERVER_BUNDLE_VARIABLE];
  const entry = bundle ? ['--enable-source-maps', bundle] : ['--import', TSX_LOADER, SERVER_ENTRY];
  return spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: serverEnv(options),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collect(child: ChildProcess) {
  let text = '';
  const listeners: ((line: string) => void)[] = [];
  let pending = '';
  const onData = (chunk: Buffer) => {
    const s = chunk.toString();
    text += s;
    pending += s;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) for (const listener of listeners) listener(line);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<ExitResult>((resolveExit) => {
    child.once('exit', (code, signal) => resolveExit({ code, signal }));
  });
  return { output: () => text, onLine: (fn: (line: string) => void) => listeners.push(fn), exited };
}

/** The port from the server's "Pasal is open" log line. */
function portFromLine(line: string): number | undefined {
  try {
    const entry = JSON.parse(line) as { msg?: string; port?: number };
    if (entry.msg?.startsWith('Pasal is open') && typeof entry.port === 'number') return entry.port;
  } catch {}
  return undefined;
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(5_000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Starts the server and resolves once /api/health/ready answers 200; rejects (with its output) if it exits first. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const child = spawnServer(options);
  const { output, onLine, exited } = collect(child);
  const timeoutMs = options.readyTimeoutMs ?? 120_000;

  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within ${timeoutMs} ms:\n${output()}`));
    }, timeoutMs);
    onLine((line) => {
      const found = portFromLine(line);
      if (found) {
        clearTimeout(timer);
        resolvePort(found);
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(
        new Error(`The server exited (code ${code}, signal ${signal}) before it was ready:\n${output()}`),
      );
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (!(await healthy(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server never answered /api/health/ready with 200:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const server: ServerProcess = {
    options,
    pid: child.pid as number,
    port,
    url,
    exited,
    output,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    stop() {
      return server.kill('SIGTERM');
    },
    async restart(overrides = {}) {
      await exited;
      return startServer({ ...options, ...overrides });
    },
  };
  return server;
}

/** Runs a start that is expected to be refused: resolves with its exit and output (fails if it becomes ready). */
export async function startExpectingRefusal(
  options: ServerOptions,
): Promise<ExitResult & { output: string }> {
  const child = spawnServer(options);
  const { output, onLine, exited } = collect(child);
  const timeoutMs = options.readyTimeoutMs ?? 120_000;
  let listening = false;
  onLine((line) => {
    if (portFromLine(line)) {
      listening = true;
      child.kill('SIGKILL');
    }
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const result = await exited;
  clearTimeout(timer);
  if (listening) throw new Error(`The server started although it should have refused:\n${output()}`);
  return { ...result, output: output() };
}

/** Kills every server still running (afterAll), so a failed test leaves no process behind. */
export async function killAll(servers: (ServerProcess | undefined)[]): Promise<void> {
  await Promise.all(servers.map((server) => server?.kill('SIGKILL')));
}
