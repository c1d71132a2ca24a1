import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';

// Statements on their own sent to PGlite as named prepared statements (decision 082). PGlite's
// `query` parses, analyses and plans every statement afresh, in six calls into the engine; on
// WebAssembly that was a third of a search's time. Here a statement's text is parsed once, and each
// later call binds and runs it in one call, as node-postgres does for a named statement.
// PostgreSQL still decides per call between a plan for these values and a generic one, and plans
// again by itself when a table the statement reads changes.

type Options = Pick<QueryOptions, 'rowMode' | 'parsers'>;
type Message = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

interface Prepared {
  name: string;
  /** The parameters' types, which choose how each value is written. */
  types: number[];
  /** The rows' description, which a bound statement's answer does not repeat. */
  described: Message[];
}

/** The PGlite members `query` itself uses: its locks and its serializers. */
interface Engine {
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Parameters<typeof parse.parseResults>[1];
}

const { serialize } = protocol;

function joined(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/**
 * `query` for statements outside a transaction, with each distinct text prepared once. The
 * `max` most recently used stay prepared; an older one is closed with the next call.
 */
export function preparedQueries(client: PGlite, max = 64) {
  const engine = client as unknown as Engine;
  const closing: string[] = [];
  const statements = new LRUCache<string, Prepared>({
    max,
    dispose: (prepared) => closing.push(prepared.name),
  });
  let serial = 0;

  /** Sends messages ending with a Sync, after the closes owed: the engine is ready again after it. */
  const send = (parts: Uint8Array[]) => {
    const closes = closing.splice(0).map((name) => serialize.close({ type: 'S', name }));
    return client.execProtocol(joined([...closes, ...parts, serialize.sync()]), { syncToFs: false });
  };

  async function prepare(sql: string): Promise<Prepared> {
    const name = `pasal_${++serial}`;
    const { messages } = await send([
      serialize.parse({ name, text: sql }),
      serialize.describe({ type: 'S', name }),
    ]);
    return {
      name,
      types: parse.parseDescribeStatementResults(messages),
      described: messages.filter((m) => m.name === 'rowDescription' || m.name === 'noData'),
    };
  }

  async function run<T>(sql: string, params: unknown[], options: Options, again = true): Promise<Results<T>> {
    let prepared = statements.get(sql);
    if (!prepared) {
      prepared = await prepare(sql);
      statements.set(sql, prepared);
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const write = engine.serializers[prepared.types[i]];
      return write ? write(value) : String(value);
    });
    try {
      const { messages } = await send([
        serialize.bind({ statement: prepared.name, values }),
        serialize.execute({}),
      ]);
      return parse.parseResults(
        [...prepared.described, ...messages],
        engine.parsers,
        options,
      )[0] as Results<T>;
    } catch (error) {
      // A statement that failed is prepared afresh next time.
      statements.delete(sql);
      // Its table changed shape since (a column added): it did not run, and runs once more as new.
      if (again && (error as { code?: string }).code === '0A000') return run(sql, params, options, false);
      throw error;
    }
  }

  return async <T>(sql: string, params: unknown[] = [], options: Options = {}): Promise<Results<T>> => {
    // What PGlite's own `query` does first: wait for the start, refuse once closing.
    await engine._checkReady();
    // The locks it takes: no transaction is open, and no other call is between its messages.
    return engine._runExclusiveTransaction(() =>
      engine._runExclusiveQuery(() => run<T>(sql, params, options)),
    );
  };
}
