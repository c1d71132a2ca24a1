import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

// Both drivers (pg and PGlite) answer raw statements as { rows }.
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Every table of the shop's schema (what a migration created), by name. */
export async function tableNames(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rowsOf<{ table_name: string }>(result).map((row) => row.table_name);
}

/**
 * Each table's row count and a digest of its whole content (the sum of a 64-bit hash of every row,
 * so no sorting), in one statement: two snapshots differ when a row was added, removed or changed.
 */
export async function tableChecksums(db: Db, tables: string[]): Promise<Record<string, string>> {
  const parts = tables.map(
    (table) =>
      sql`select ${table} as name, count(*)::text || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0)::text as digest from ${sql.identifier(table)} t`,
  );
  const result = await db.execute(sql.join(parts, sql` union all `));
  return Object.fromEntries(
    rowsOf<{ name: string; digest: string }>(result).map((row) => [row.name, row.digest]),
  );
}

/** The tables whose digest differs between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}
