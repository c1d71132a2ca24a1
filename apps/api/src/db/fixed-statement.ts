import { Param, Placeholder, type Query, SQL, StringChunk, sql } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

const dialect = new PgDialect();
const takenNames = new Set<string>();

/**
 * An SQL object that already knows its text and values: running it skips drizzle's walk over its
 * chunks (is() on each chunk, on every call), which cost more CPU than the database spent on the
 * checkout's statements.
 */
class RenderedSQL extends SQL {
  constructor(
    chunks: (StringChunk | Param)[],
    private readonly query: Query,
  ) {
    super(chunks);
  }

  override toQuery(): Query {
    return this.query;
  }
}

/**
 * A statement whose text never changes, rendered from drizzle's SQL once: each call only binds its
 * values. Rebuilding the same SQL object (table and column objects, their names, escaping) on every
 * request was about a sixth of a cart add's CPU. `value(name)` marks where a value goes; a name may
 * appear more than once.
 */
export function fixedStatement<Name extends string>(
  build: (value: (name: Name) => SQL) => SQL,
): (values: Record<Name, unknown>) => SQL {
  const rendered = dialect.sqlToQuery(build((name) => sql`${sql.placeholder(name)}`));
  const names = rendered.params.map((param) => {
    if (!(param instanceof Placeholder)) throw new Error('fixedStatement: only value(name) may vary');
    return param.name as Name;
  });
  const chunks = rendered.sql.split(/\$\d+\b/);
  if (chunks.length !== names.length + 1) throw new Error('fixedStatement: "$" in the statement text');
  return (values) => {
    const params = names.map((name) => values[name]);
    // The chunks keep it a true SQL object (it may still be embedded in another statement).
    const parts: (StringChunk | Param)[] = [new StringChunk(chunks[0])];
    for (let i = 0; i < names.length; i += 1)
      parts.push(new Param(params[i]), new StringChunk(chunks[i + 1]));
    return new RenderedSQL(parts, { sql: rendered.sql, params });
  };
}

/**
 * Like fixedStatement, and prepared by name on each PostgreSQL connection: the server parses and plans it once per connection, each call only
 * binds its values (docs/decisions/028). Rebuilding the SQL object per request was about a sixth
 * of a cart add's CPU (decision 024); parsing and planning it again on every call cost PostgreSQL
 * more than running it. `value(name)` marks where a value goes; a name may appear more than once.
 * On PGlite (one process, no plan cache across statements) the name changes nothing.
 */
export function preparedStatement<Row, Name extends string = never>(
  name: string,
  build: (value: (name: Name) => SQL) => SQL,
): (db: DbOrTx, values: Record<Name, unknown>) => Promise<Row[]> {
  // One name is one text on every connection: node-postgres refuses a name reused for another text.
  if (takenNames.has(name)) throw new Error(`preparedStatement: the name "${name}" is taken`);
  takenNames.add(name);
  const query: Query = dialect.sqlToQuery(build((key) => sql`${sql.placeholder(key)}`));
  for (const param of query.params)
    if (!(param instanceof Placeholder)) throw new Error('preparedStatement: only value(name) may vary');
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
