import { inArray, isNull, or, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type DbOrTx, queryRows } from '../src/db/client';
import { categories, products } from '../src/db/schema/catalogue';
import {
  byTitle,
  matchesEveryWord,
  matchingPageSql,
  searchWords,
} from '../src/modules/catalogue/product-queries';

// EXPLAIN (ANALYZE) of the statements behind search and category pages, run by the bench on the
// seeded catalogue: which index each uses and how long it took, the full plan with --explain.

const dialect = new PgDialect();

/** The statement with its parameters written in, as EXPLAIN needs it. */
function inline(query: ReturnType<typeof matchingPageSql>): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, i) => {
    const value = params[Number(i) - 1];
    return typeof value === 'string' ? `'${value.replace(/'/g, "''")}'` : String(value);
  });
}

async function explain(db: DbOrTx, label: string, query: ReturnType<typeof matchingPageSql>, full: boolean) {
  const rows = await queryRows<Record<string, string>>(db, sql.raw(`explain (analyze) ${inline(query)}`));
  const plan = rows.map((row) => Object.values(row)[0]);
  const indexes = [
    ...new Set(
      plan.flatMap((line) => [...line.matchAll(/Index (?:Only )?Scan (?:using|on) (\w+)/g)].map((m) => m[1])),
    ),
  ];
  const seqScan = plan.some((line) => /Seq Scan on products/.test(line));
  const time = plan.find((line) => line.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
  const scan = plan.find((line) => / on products /.test(line) && line.includes('actual time'));
  const matches = scan?.match(/actual time=\S+ rows=(\d+)/)?.[1];
  console.info(
    `  ${label.padEnd(28)} ${time.padStart(10)}  ${matches ?? '?'} matches  ${indexes.length ? `index: ${indexes.join(', ')}` : ''}${seqScan ? ' sequential scan of products' : ''}`,
  );
  if (full) for (const line of plan) console.info(`    ${line}`);
}

export async function explainCatalogue(db: DbOrTx, full = false): Promise<void> {
  console.info('EXPLAIN (ANALYZE) of the first page (24) of:');
  for (const q of ['basmati rice', 'rice', 'चामल', 'kg']) {
    await explain(
      db,
      `search "${q}"`,
      matchingPageSql(matchesEveryWord(searchWords(q))!, byTitle, 24, 0),
      full,
    );
  }
  const [top] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(isNull(categories.parentId))
    .limit(1);
  if (!top) return;
  const family = await db
    .select({ id: categories.id })
    .from(categories)
    .where(or(sql`${categories.id} = ${top.id}`, sql`${categories.parentId} = ${top.id}`));
  const ids = family.map((c) => c.id);
  await explain(
    db,
    'category page 1',
    matchingPageSql(inArray(products.categoryId, ids), byTitle, 24, 0),
    full,
  );
  await explain(
    db,
    'category page 100',
    matchingPageSql(inArray(products.categoryId, ids), byTitle, 24, 2376),
    full,
  );
}
