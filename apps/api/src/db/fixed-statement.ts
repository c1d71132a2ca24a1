import { Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

const dialect = new PgDialect();
const names = new Set<string>();

/**
 * A statement whose text never changes, rendered from drizzle's SQL once and prepared by name on
 * each PostgreSQL connection: the server parses and plans it once per connection, each call only
 * binds its values (docs/decisions/028). Rebuilding the SQL object per request was about a sixth
 * of a cart add's CPU (decision 024); parsing and planning it again on every call cost PostgreSQL
 * more than running it. `value(name)` marks where a value goes; a name may appear more than once.
 * On PGlite (one process, no plan cache across statements) the name changes nothing.
 */
export function fixedStatement<Row, Name extends string = never>(
  name: string,
  build: (value: (name: Name) => SQL) => SQL,
): (db: DbOrTx, values: Record<Name, unknown>) => Promise<Row[]> {
  // One name is one text on every connection: node-postgres refuses a name reused for another text.
  if (names.has(name)) throw new Error(`fixedStatement: the name "${name}" is taken`);
  names.add(name);
  const query: Query = dialect.sqlToQuery(build((key) => sql`${sql.placeholder(key)}`));
  for (const param of query.params)
    if (!(param instanceof Placeholder)) throw new Error('fixedStatement: only value(name) may vary');
  // One prepared query per session: the database handle's lives as long as the app, a
  // transaction's as long as the transaction.
  const prepared = new WeakMap<object, PgPreparedQuery<PreparedQueryConfig>>();
  return async (db, values) => {
    const session = db._.session;
    let statement = prepared.get(session);
    if (!statement) {
      statement = session.prepareQuery(query, undefined, name, false);
      prepared.set(session, statement);
    }
    // Both drivers answer `{ rows }` for a statement prepared without fields (see queryRows).
    return ((await statement.execute(values)) as { rows: Row[] }).rows;
  };
}
