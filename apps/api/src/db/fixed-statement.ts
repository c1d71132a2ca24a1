import { Param, Placeholder, SQL, StringChunk, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

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
  // One flat list of text and values: drizzle walks nested SQL objects chunk by chunk on every call.
  return (values) => {
    const parts: (StringChunk | Param)[] = [new StringChunk(chunks[0])];
    for (let i = 0; i < names.length; i += 1)
      parts.push(new Param(values[names[i]]), new StringChunk(chunks[i + 1]));
    return new SQL(parts);
  };
}
