// The embedded database's own thread (decision 075): PGlite runs here, so a long statement or a
// burst of checkouts never holds up the HTTP thread. The server's thread talks to it through
// `pglite-thread.ts`, one message per call; statements on their own and transactions take turns
// (below).
import { parentPort, workerData } from 'node:worker_threads';
import { type ParserOptions, PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { startCpuProfile } from './pglite-cpu-profile';
import { rememberFileSizes } from './pglite-file-sizes';
import { pgliteStartParams } from './pglite-memory';
import { preparedQueries } from './pglite-prepared';
import type { Call, Reply, ThreadOptions } from './pglite-protocol';

if (!parentPort) throw new Error('pglite-worker runs as a worker thread');
const port = parentPort;
const options = workerData as ThreadOptions;

const client = new PGlite({
  dataDir: options.dataDir,
  loadDataDir: options.image,
  extensions: { pg_trgm },
  startParams: pgliteStartParams(options.sharedBuffers),
});
/** Statements on their own are prepared once (decision 082); a transaction's go through it. */
const prepared = preparedQueries(client);
/** The bench's profile of this thread (PGLITE_CPU_PROF_DIR), written when the database closes. */
let profiling: Promise<() => Promise<void>> | undefined;

/** Open transactions and exclusive holds, by id: each waits for the server thread's word to end. */
const open = new Map<number, { tx?: Transaction; end: (commit: boolean) => void }>();
let nextHold = 1;
/** How each hold ends: the transaction committed or rolled back, or the exclusive hold released. */
const ended = new Map<number, Promise<void>>();
const ROLLBACK = Symbol('rollback');
/** Transactions holding the turn (an exclusive hold does not take one). */
const turns = new Set<number>();

const answer = (reply: Reply) => port.postMessage(reply);

type Parser = ParserOptions[number];
const asText: Parser = (value) => value;
/**
 * The types drizzle names on every call, read as text (dates, intervals and numeric arrays as the
 * server wrote them). Given with a call, PGlite copies its whole table of parsers (hundreds of
 * types) for that statement: 0.2 ms each. So this thread's PGlite reads them as text itself, and
 * a call is given parsers only where it wants otherwise.
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
/** PGlite's own parsers of those types, for a call that does not name them. */
const ownParsers = new Map<number, Parser | undefined>();
const parsersOf = () => (client as unknown as { parsers: Partial<ParserOptions> }).parsers;

/** Makes this PGlite read drizzle's types as text (again, if it has rebuilt its parsers since). */
function readDrizzleTypesAsText() {
  const parsers = parsersOf();
  for (const type of DRIZZLE_TEXT_TYPES) {
    if (parsers[type] === asText) continue;
    ownParsers.set(type, parsers[type]);
    parsers[type] = asText;
  }
}

/** The driver's parsers are functions, which cannot cross threads: the caller names the types it
 * reads as text; they differ from what this PGlite does only for callers other than drizzle. */
function queryOptions(call: { rowMode?: 'array' | 'object'; textTypes?: number[] }) {
  readDrizzleTypesAsText();
  const wanted = new Set(call.textTypes ?? []);
  const parsers: ParserOptions = {};
  for (const type of wanted) if (!ownParsers.has(type)) parsers[type] = asText;
  for (const [type, parser] of ownParsers) if (!wanted.has(type)) parsers[type] = parser ?? asText;
  return Object.keys(parsers).length > 0 ? { rowMode: call.rowMode, parsers } : { rowMode: call.rowMode };
}

function failure(id: number, error: unknown): Reply {
  const e = (error ?? {}) as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  // What the error handler and the services read (code, constraint) and what a log line shows.
  for (const key of [
    'code',
    'constraint',
    'detail',
    'hint',
    'table',
    'column',
    'schema',
    'severity',
    'position',
    'where',
    'routine',
  ]) {
    if (typeof e[key] === 'string' || typeof e[key] === 'number') fields[key] = e[key];
  }
  return {
    id,
    error: { name: String(e.name ?? 'Error'), message: String(e.message ?? error), fields },
  };
}

// Whose turn it is. PGlite is one connection: a transaction holds it from BEGIN to COMMIT, and
// everything else waits. Taken in arrival order, a product page read during a burst of fifty
// checkouts waited for all fifty. Here a statement on its own waits for the transaction running
// now, and the statements that queued during it run before the next transaction begins; then that
// transaction, and so on. Each caller's own calls still come one after another.
const singles: (() => void)[] = [];
const begins: (() => void)[] = [];
let busy = false;
/** Statements owed a turn before the next waiting transaction (those queued during the last one). */
let owed = 0;

function next() {
  if (busy) return;
  if (singles.length === 0) owed = 0;
  const go =
    singles.length > 0 && (owed > 0 || begins.length === 0)
      ? singles.shift()
      : (begins.shift() ?? singles.shift());
  if (!go) return;
  if (owed > 0) owed -= 1;
  busy = true;
  go();
}

const turn = (queue: (() => void)[]) =>
  new Promise<void>((go) => {
    queue.push(go);
    next();
  });

function release(afterTransaction: boolean) {
  busy = false;
  if (afterTransaction) owed = singles.length;
  next();
}

/** A statement on its own waits for its turn; one inside a transaction runs at once. */
async function statement<T>(hold: number | undefined, run: (target: PGlite | Transaction) => Promise<T>) {
  if (hold) {
    const tx = open.get(hold)?.tx;
    if (!tx) throw new Error('This transaction has ended.');
    return run(tx);
  }
  await turn(singles);
  try {
    return await run(client);
  } finally {
    release(false);
  }
}

async function handle(call: Call): Promise<unknown> {
  switch (call.op) {
    case 'query':
      return statement(call.hold, (target) =>
        target === client
          ? prepared(call.sql, call.params, queryOptions(call))
          : target.query(call.sql, call.params, queryOptions(call)),
      );
    case 'exec':
      return statement(call.hold, (target) => target.exec(call.sql, queryOptions(call)));
    case 'begin':
    case 'lock': {
      // Answered once inside: the id the server thread names in its statements and at the end.
      // An exclusive hold is PGlite's own lock, taken at once (a backup takes it inside its
      // transaction); a transaction waits for its turn.
      const transaction = call.op === 'begin';
      if (transaction) await turn(begins);
      const hold = nextHold++;
      if (transaction) turns.add(hold);
      await new Promise<void>((entered, failed) => {
        const body = (tx?: Transaction) =>
          new Promise<void>((resolve, reject) => {
            open.set(hold, { tx, end: (commit) => (commit ? resolve() : reject(ROLLBACK)) });
            entered();
          });
        const done = transaction ? client.transaction((tx) => body(tx)) : client.runExclusive(() => body());
        // Before entering, a failure (BEGIN refused) is this call's; after, the end's.
        done.catch((error) => {
          if (open.has(hold)) return;
          if (turns.delete(hold)) release(true);
          failed(error);
        });
        ended.set(
          hold,
          done.then(
            () => undefined,
            (error) => {
              if (error !== ROLLBACK) throw error;
            },
          ),
        );
      });
      return hold;
    }
    case 'end': {
      const held = open.get(call.hold);
      const settled = ended.get(call.hold);
      if (!held || !settled) throw new Error('This transaction has ended.');
      open.delete(call.hold);
      ended.delete(call.hold);
      held.end(call.commit);
      try {
        await settled;
      } finally {
        if (turns.delete(call.hold)) release(true);
      }
      return null;
    }
    case 'dump':
      return statement(undefined, () => client.dumpDataDir(call.compression));
    case 'close':
      await (await profiling)?.();
      await client.close();
      return null;
  }
}

port.on('message', (call: Call) => {
  handle(call).then(
    (result) => answer({ id: call.id, result }),
    (error) => answer(failure(call.id, error)),
  );
});

client.waitReady.then(
  () => {
    // A relation's size read from memory until something writes (decision 086).
    rememberFileSizes(client.Module);
    const dir = process.env.PGLITE_CPU_PROF_DIR;
    if (dir) profiling = startCpuProfile(dir);
    answer({ id: 0, result: 'ready' });
  },
  (error) => answer(failure(0, error)),
);
