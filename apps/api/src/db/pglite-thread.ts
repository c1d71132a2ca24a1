// The embedded database on a thread of its own (decision 075). PGlite is PostgreSQL compiled to
// WebAssembly: each statement runs on the thread that calls it. On the server's thread a checkout's
// statements, a report or an import held up every other request, cached pages and health checks
// included; here they run on the database's thread while the server's keeps answering.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type { Call, Reply, ThreadOptions } from './pglite-protocol';

/** What the shop uses of PGlite: the same calls whether it runs on this thread or its own. */
export type PgliteClient = Pick<
  PGlite,
  'query' | 'exec' | 'transaction' | 'runExclusive' | 'close' | 'dumpDataDir'
>;

export interface PgliteThread extends PgliteClient {
  /** Called once if the database's thread stops unasked (it cannot be trusted to have written). */
  onStopped(listener: (error: Error) => void): void;
}

type Outgoing = Call extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

/** The built worker beside the bundle (dist/), or the source loaded through tsx (development, tests). */
function startWorker(options: ThreadOptions): Worker {
  const built = new URL('./pglite-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return new Worker(built, { workerData: options });
  // A worker thread does not inherit the TypeScript loader (Node 20): it registers tsx's itself.
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  // The bare name resolves from the working folder, which is inside the repository in development.
  const code = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(code, { eval: true, execArgv: [], workerData: options });
}

/** The driver's parsers are functions: only the types it reads as text cross (see the worker). */
function readOptions(options?: QueryOptions) {
  const textTypes = Object.keys(options?.parsers ?? {}).map(Number);
  return { rowMode: options?.rowMode, textTypes: textTypes.length ? textTypes : undefined };
}

/** The database thread's error as the drivers' errors look: a message and PostgreSQL's fields. */
function rebuild(error: NonNullable<Reply['error']>): Error {
  const e = new Error(error.message);
  e.name = error.name;
  return Object.assign(e, error.fields);
}

export async function openPgliteThread(options: ThreadOptions): Promise<PgliteThread> {
  const worker = startWorker(options);
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let stopped: Error | undefined;
  let closing = false;
  const stopListeners: ((error: Error) => void)[] = [];

  const ready = new Promise((resolve, reject) => waiting.set(0, { resolve, reject }));
  worker.on('message', (reply: Reply) => {
    const waiter = waiting.get(reply.id);
    if (!waiter) return;
    waiting.delete(reply.id);
    if (reply.error) waiter.reject(rebuild(reply.error));
    else waiter.resolve(reply.result);
  });
  const stop = (error: Error) => {
    if (stopped) return;
    stopped = error;
    for (const waiter of waiting.values()) waiter.reject(error);
    waiting.clear();
    if (!closing) for (const listener of stopListeners) listener(error);
  };
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`The database thread stopped (exit code ${code}).`)));

  function call<T>(message: Outgoing): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  }

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  const unsupported = () => Promise.reject(new Error('Not available on the database thread.'));

  const client: PgliteThread = {
    query: <T>(sql: string, params?: unknown[], opts?: QueryOptions) =>
      call<Results<T>>({ op: 'query', sql, params, ...readOptions(opts) }),
    exec: (sql: string, opts?: QueryOptions) => call<Results[]>({ op: 'exec', sql, ...readOptions(opts) }),
    async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      const hold = await call<number>({ op: 'begin' });
      let ended = false;
      const end = async (commit: boolean) => {
        if (ended) return;
        ended = true;
        await call({ op: 'end', hold, commit });
      };
      const tx: Transaction = {
        query: <R>(sql: string, params?: unknown[], opts?: QueryOptions) =>
          call<Results<R>>({ op: 'query', sql, params, hold, ...readOptions(opts) }),
        exec: (sql: string, opts?: QueryOptions) =>
          call<Results[]>({ op: 'exec', sql, hold, ...readOptions(opts) }),
        sql: unsupported,
        listen: unsupported,
        rollback: () => end(false),
        get closed() {
          return ended;
        },
      };
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        await end(false).catch(() => {});
        throw error;
      }
      await end(true);
      return result;
    },
    async runExclusive<T>(fn: () => Promise<T>): Promise<T> {
      const hold = await call<number>({ op: 'lock' });
      try {
        return await fn();
      } finally {
        await call({ op: 'end', hold, commit: true });
      }
    },
    dumpDataDir: (compression) => call<Blob>({ op: 'dump', compression }),
    async close() {
      if (stopped) return;
      closing = true;
      try {
        await call({ op: 'close' });
      } finally {
        await worker.terminate();
      }
    },
    onStopped(listener) {
      stopListeners.push(listener);
    },
  };
  return client;
}
