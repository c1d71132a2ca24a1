import { Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

const dialect = new PgDialect();
const takenNames = new Set<string>();

/** Runs the statement on a database or transaction with this call's values; answers its rows. */
export interface FixedStatement<Row, Name extends string> {
  (db: DbOrTx, values: Record<Name, unknown>): Promise<Row[]>;
  /** The text PostgreSQL receives ($1, $2… where the values go). */
  readonly text: string;
}

/**
 * A statement whose text never changes, rendered from drizzle's SQL once: each call only binds its
 * values. Rebuilding the SQL object (table and column objects, names, escaping, is() on every
 * chunk) on every call was about a sixth of a cart add's CPU and more than the database spent on
 * the checkout's statements (decisions 024, 029). `value(name)` marks where a value goes; a name
 * may appear more than once.
 *
 * With a name, it is also prepared by that name on each PostgreSQL connection: the server parses
 * and plans it once per connection instead of on every call, which cost PostgreSQL more than
 * running it (decision 028). PGlite ignores the name. `null`: an unnamed statement, parsed and
 * planned on every call.
 */
export function fixedStatement<Row, Name extends string = never>(
  name: string | null,
  build: (value: (name: Name) => SQL) => SQL,
): FixedStatement<Row, Name> {
  // One name is one text on every connection: node-postgres refuses a name reused for another text.
  if (name !== null && takenNames.has(name)) throw new Error(`fixedStatement: the name "${name}" is taken`);
  const query = dialect.sqlToQuery(build((key) => sql`${sql.placeholder(key)}`));
  for (const param of query.params)
    if (!(param instanceof Placeholder)) throw new Error('fixedStatement: only value(name) may vary');
  if (name !== null) takenNames.add(name);
  // One prepared query per drizzle session: the database handle's lives as long as the app, a
  // transaction's (its own session, on the connection it holds) as long as the transaction. The
  // server-side statement belongs to the connection: node-postgres parses it on a connection the
  // first time, and a rollback does not drop it.
  const prepared = new WeakMap<object, PgPreparedQuery<PreparedQueryConfig>>();
  const run = async (db: DbOrTx, values: Record<Name, unknown>): Promise<Row[]> => {
    const session = db._.session;
    let statement = prepared.get(session);
    if (!statement) {
      statement = session.prepareQuery(query, undefined, name ?? undefined, false);
      prepared.set(session, statement);
    }
    // Both drivers answer `{ rows }` for a statement prepared without fields (as db.execute does).
    return ((await statement.execute(values)) as { rows: Row[] }).rows;
  };
  return Object.assign(run, { text: query.sql });
}
