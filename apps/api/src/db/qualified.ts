import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `"table"."column"` even where drizzle writes a bare `"column"` (the top level of a single-table
 * select), so a correlated subquery's reference to the outer row cannot be captured by a column of
 * the same name in the subquery's own table.
 */
export function qualified(column: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
