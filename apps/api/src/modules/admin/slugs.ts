import { slugify } from '@pasal/contract/admin-common';
import { and, eq, like, ne, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';

export interface SlugColumns {
  table: PgTable;
  id: PgColumn;
  slug: PgColumn;
}

/**
 * A slug made from the title that no other row uses: `basmati-rice`, else `basmati-rice-2`, `-3`, …
 * A title without Latin letters or digits gets `fallback`. (The unique index has the last word
 * when two requests race for the same one.)
 */
export async function freeSlug(
  db: DbOrTx,
  columns: SlugColumns,
  title: string,
  fallback: string,
  excludeId?: number,
): Promise<string> {
  const base = slugify(title) || fallback;
  const rows = (await db
    .select({ slug: columns.slug })
    .from(columns.table)
    .where(
      and(
        or(eq(columns.slug, base), like(columns.slug, `${base}-%`)),
        excludeId === undefined ? undefined : ne(columns.id, excludeId),
      ),
    )) as { slug: string }[];
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** True when another row already has the slug. */
export async function slugTaken(
  db: DbOrTx,
  columns: SlugColumns,
  slug: string,
  excludeId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: columns.id })
    .from(columns.table)
    .where(and(eq(columns.slug, slug), excludeId === undefined ? undefined : ne(columns.id, excludeId)))
    .limit(1);
  return rows.length > 0;
}
