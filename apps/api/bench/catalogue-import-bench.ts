import { loadavg } from 'node:os';
import type { ImportPreview } from '@pasal/contract/admin-catalogue-csv';
import { ADMIN_ROOT } from '../src/app';
import { buildTestApp } from '../src/test/build-test-app';
import { createCategory } from '../src/test/factories';
import { newStaff } from '../src/test/staff';

// A 50,000-row CSV import through the whole app (issue 27: "within a minute on this machine"), on
// an in-memory PGlite or on PostgreSQL when TEST_DATABASE_URL is set: preview and apply of a file
// that creates every product, then of the exported file with every price and stock changed.

const HEADER =
  'slug,title,nepali_title,category,subcategory,brand,unit,marked_price,selling_price,stock,low_stock_threshold,size_group';

function file(rows: number, round: number): Buffer {
  const lines = [HEADER];
  for (let i = 1; i <= rows; i += 1) {
    const price = 100 + ((i + round) % 900);
    lines.push(
      `bench-${i},Bench product ${i},बेन्च सामान ${i},bench-top,bench-sub,Brand ${i % 50},1 kg,${price + 10}.00,${price}.50,${(i + round) % 200},5,`,
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** `runs` fresh databases; in each, a file of `rows` new products, then `rounds` files changing all of them. */
export async function catalogueImportBench(rows = 50_000, rounds = 2, runs = 1): Promise<void> {
  for (let run = 1; run <= runs; run += 1) await oneRun(rows, rounds, run);
}

async function oneRun(rows: number, rounds: number, run: number): Promise<void> {
  const t = await buildTestApp();
  try {
    const staff = await newStaff(t.app, t.db);
    const top = await createCategory(t.db, { slug: 'bench-top', title: 'Bench' });
    await createCategory(t.db, { slug: 'bench-sub', title: 'Bench sub', parentId: top.id });
    const post = (url: string, body: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: `${ADMIN_ROOT}${url}`,
        headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'text/csv' },
        payload: body,
      });
    const where = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    for (let round = 0; round <= rounds; round += 1) {
      const body = file(rows, round);
      let started = performance.now();
      const previewed = await post('/products/import/preview/', body);
      if (previewed.statusCode !== 200)
        throw new Error(`preview: ${previewed.statusCode} ${previewed.body.slice(0, 500)}`);
      const preview = previewed.json<ImportPreview>();
      const previewMs = performance.now() - started;
      started = performance.now();
      const applied = await post(`/products/import/?catalogue_version=${preview.catalogue_version}`, body);
      if (applied.statusCode !== 200)
        throw new Error(`apply: ${applied.statusCode} ${applied.body.slice(0, 500)}`);
      const applyMs = performance.now() - started;
      console.info(
        `run ${run}, catalogue import on ${where}, ${rows} rows (${round === 0 ? 'all new' : `${preview.updated} updated`}): ` +
          `preview ${(previewMs / 1000).toFixed(1)} s, apply ${(applyMs / 1000).toFixed(1)} s, ` +
          `together ${((previewMs + applyMs) / 1000).toFixed(1)} s (load average ${load()})`,
      );
    }
  } finally {
    await t.close();
  }
}
