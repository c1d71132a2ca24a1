import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { queryRows } from '../../db/client';
import { categoryTree, demoProducts } from '../../seed/catalogue-data';
import { createTestDatabase } from '../../test/test-database';

// pasal_loose() gives the stored search columns and the query's words their loose form (decision
// 040); migration 0030 made it faster (decision 071). Both sides must keep agreeing with what is
// already stored, so the new definition has to return exactly what 0015's did, for every text.

type Database = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;

/** 0015's definition, read from the migration itself, under another name. */
function definitionOf0015(): string {
  const migration = readFileSync(new URL('../../../drizzle/0015_search.sql', import.meta.url), 'utf8');
  const start = migration.indexOf('CREATE OR REPLACE FUNCTION pasal_loose(');
  const end = migration.indexOf('$$;', start) + 3;
  return migration.slice(start, end).replace('FUNCTION pasal_loose(', 'FUNCTION pasal_loose_0015(');
}

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql.raw(definitionOf0015()));
});

afterAll(async () => {
  await database?.close();
});

const TRICKY = [
  '',
  ' ',
  '   \t\n ',
  '-',
  'a',
  'aa',
  'aaa',
  'Aaaa bbb',
  'chaamal',
  'chamal chaamal चामल',
  'तोरीको तेल',
  'तोरीको',
  'घरका सामान',
  'आमाकी छोरी',
  'को',
  'का की को',
  'कोको',
  'xको',
  'तोरीको-तेल',
  'तोरीको, तेल',
  'चिउरा।',
  'दूध।दही',
  'क़लम ज़ीरा फ़ूल',
  'क\u093Cलम',
  'क्\u200Dष',
  'श्\u200Cरी',
  'क्ष त्र ज्ञ श्र',
  'क्',
  'क्क',
  'प्याज',
  '२५० ग्राम',
  '०१२३४५६७८९',
  'Rs. १,२५०/-',
  'ॐ नमः',
  'अँगुर ढिँडो सिंहः',
  'ऋषि कृषि',
  'कॅ कॉ कॆ कॊ ॠ ॡ ॢ ॣ',
  'ऩ ऱ ऴ क़ ख़ ग़ ज़ ड़ ढ़ फ़ य़',
  'DDC दूध 1 L',
  'Wai Wai वाइवाइ',
  'Coca-Cola कोका-कोला',
  'Shree Sheela फफ्फ',
  'Phool PH ph ff fff',
  'zzz qqq www ee eee oo ooo',
  'chhchh chh sh ssh',
  'kakakak baab abba',
  'MOMO मम मःमः',
  'ÉCLAIR café naïve',
  'tab\tseparated\nnew line',
  '  leading and trailing  ',
  'under_score hy-phen dot.dot',
  'emoji 🍎 तरकारी 🥕',
  '١٢٣ arabic digits',
  'a1a 1a a1 11 1aa',
];

/** Texts from a fixed pseudo-random sequence over Devanagari, Latin, digits, marks and punctuation. */
function generatedTexts(count: number): string[] {
  const alphabet = [
    ...Array.from({ length: 0x80 }, (_, i) => String.fromCodePoint(0x900 + i)),
    ...'abcdefghijklmnopqrstuvwxyzAEHKSZ0123456789',
    ...'      .,-/()!?\t',
    '\u200C',
    '\u200D',
    'को',
    'का',
    'की',
    'aaa',
    'ii',
    'chh',
  ];
  let seed = 71;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + (next() % 24) }, () => alphabet[next() % alphabet.length]).join(''),
  );
}

function catalogueTexts(): string[] {
  const texts: string[] = [];
  for (const top of categoryTree) {
    texts.push(top.title, top.nepaliTitle);
    for (const sub of top.subcategories)
      texts.push(sub.title, sub.nepaliTitle, `${top.title} ${sub.nepaliTitle}`);
  }
  for (const p of demoProducts) {
    texts.push(p.title, p.nepaliTitle, p.brand, p.shortDescription, p.description);
    // What products_search_columns hands it: the titles, then the titles with brand and category.
    texts.push(`${p.title} ${p.nepaliTitle}`, `${p.title} ${p.nepaliTitle} ${p.brand} ${p.categorySlug}`);
    for (const word of `${p.title} ${p.nepaliTitle}`.split(/\s+/)) texts.push(word);
  }
  return texts;
}

async function differences(
  texts: (string | null)[],
): Promise<{ text: string | null; now: string; before: string }[]> {
  return queryRows(
    database.db,
    sql`select t.text, pasal_loose(t.text) as now, pasal_loose_0015(t.text) as before
      from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) as t(text)
      where pasal_loose(t.text) is distinct from pasal_loose_0015(t.text)`,
  );
}

test('pasal_loose gives what 0015 gave for the whole demo catalogue', async () => {
  const texts = catalogueTexts();
  expect(texts.length).toBeGreaterThan(500);
  expect(await differences(texts)).toEqual([]);
});

test('pasal_loose gives what 0015 gave for tricky texts and NULL', async () => {
  expect(await differences([...TRICKY, null])).toEqual([]);
  const [row] = await queryRows<{ loose: string }>(database.db, sql`select pasal_loose(null) as loose`);
  expect(row.loose).toBe('');
  // Spot checks that the comparison compares something.
  const spots = await queryRows<{ loose: string }>(
    database.db,
    sql`select pasal_loose(t) as loose from unnest(array['तोरीको तेल', 'chaamal', 'Aaaa bbb']::text[]) with ordinality as x(t, n) order by n`,
  );
  expect(spots.map((s) => s.loose)).toEqual(['toriko tel tori ko tel', 'chml', 'a b']);
});

test('pasal_loose gives what 0015 gave for 5,000 generated texts', async () => {
  expect(await differences(generatedTexts(5_000))).toEqual([]);
});

test('pasal_loose_source leaves out particles and units, whose loose form is one letter', async () => {
  // Decision 085: र ("and"), "ra", "L", "g", ग and "1" would each be a loose word of one letter.
  const [row] = await queryRows<{ kept: string; none: string }>(
    database.db,
    sql`select pasal_loose_source('Rara नुन र चिनी 1 L ko ग 500 g ra रारा ली') as kept,
      pasal_loose_source(null) as none`,
  );
  expect(row.kept).toBe('Rara नुन चिनी ko 500 रारा ली');
  expect(row.none).toBe('');
});
