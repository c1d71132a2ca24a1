import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  answerIn,
  buildDocumentApp,
  type DocumentApp,
  PAGE,
  preloads,
  shellIn,
} from '../../test/document-page';
import { jpeg } from '../../test/images';
import { call } from '../../test/shopper';
import { newStaff, type StaffMember, upload } from '../../test/staff';

// The home page's document carries the banners' answer and the first banner's preload (decision 032).

let t: DocumentApp;
let staff: StaffMember;

beforeAll(async () => {
  t = await buildDocumentApp();
  staff = await newStaff(t.app, t.db);
});

afterAll(async () => {
  await t?.close();
});

const home = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/', headers });

async function addBanner(title: string) {
  const res = await upload(
    t.app,
    '/banners/',
    staff,
    { bytes: await jpeg(2000, 800), filename: 'b.jpg' },
    { title, link: '/category/1' },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().banner as { id: number; image: string };
}

describe('the home page document', () => {
  test('carries the same banners answer as GET /banner/, and none to preload while there are none', async () => {
    const res = await home();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(answerIn(res.body, '/api/ecommerce/banner/')).toEqual({ data: { results: [] } });
    expect(preloads(res.body)).toEqual([]);
    expect(shellIn(res.body)).toBe('<!--pasal:document-shell-->');
    // Where the page asked for it: after the viewport, so the preload's sizes are read at the phone's width.
    expect(res.body).not.toContain('<!--pasal:document-head-->');
    expect(res.body.indexOf('data-answer-of')).toBeGreaterThan(res.body.indexOf('name="viewport"'));
  });

  test("a staff member's new banner is in the next page, with a preload of the file its <img> will pick", async () => {
    const banner = await addBanner('Dashain offers');
    const res = await home();
    const listed = (await call(t.app, 'GET', '/banner/')).json();
    expect(answerIn(res.body, '/api/ecommerce/banner/')).toEqual(listed);
    expect(listed.data.results.map((b: { title: string }) => b.title)).toEqual(['Dashain offers']);
    const name = banner.image.replace('/media/banners/', '');
    expect(preloads(res.body)).toEqual([
      `<link rel="preload" as="image" fetchpriority="high" href="${banner.image}" imagesrcset="${[96, 192, 320, 480, 800, 1200].map((w) => `/media/w/${w}/banners/${name} ${w}w`).join(', ')}, ${banner.image} 1600w" imagesizes="(min-width: 1400px) 1296px, (min-width: 1200px) 1116px, calc(100vw - 24px)">`,
    ]);
    // The shell shows that banner, the same file, until the page's scripts have run.
    expect(shellIn(res.body)).toBe(
      `<div class="app-shell-picture app-shell-banner" aria-hidden="true"><img sizes="(min-width: 1400px) 1296px, (min-width: 1200px) 1116px, calc(100vw - 24px)" srcset="${[96, 192, 320, 480, 800, 1200].map((w) => `/media/w/${w}/banners/${name} ${w}w`).join(', ')}, ${banner.image} 1600w" src="${banner.image}" alt="" width="1200" height="400" fetchpriority="high"></div>`,
    );
    // Each width it lists is one the server draws.
    expect((await t.app.inject({ method: 'GET', url: `/media/w/800/banners/${name}` })).statusCode).toBe(200);
  });

  test('a title cannot end the block early: it reaches the page as written', async () => {
    const title = '</script><script>alert(1)</script> & <!-- "Tihar" -->';
    await addBanner(title);
    const { body } = await home();
    expect(body).not.toContain('<script>alert(1)');
    expect(body).not.toContain('<!-- "Tihar"');
    const answer = answerIn(body, '/api/ecommerce/banner/') as { data: { results: { title: string }[] } };
    expect(answer.data.results.map((b) => b.title)).toContain(title);
  });

  test("a title with replacement patterns ($', $`, $&) is text: the page holds it once and stays whole", async () => {
    const title = "Sale $' then $` and $& & $$ <b>";
    await addBanner(title);
    const { body } = await home();
    const count = (part: string) => body.split(part).length - 1;
    for (const part of [
      '<!doctype html>',
      '<title>Pasal</title>',
      '<div id="root">',
      'class="app-shell-picture app-shell-banner"',
      '</html>',
    ])
      expect(count(part), part).toBe(1);
    expect(count('data-answer-of')).toBe(1);
    // Written as JSON text inside the block (`&` and `<` escaped), read back as typed.
    expect(body).toContain("Sale $' then $` and $\\u0026 \\u0026 $$ \\u003cb\\u003e");
    expect(body).not.toContain('<b>');
    const answer = answerIn(body, '/api/ecommerce/banner/') as { data: { results: { title: string }[] } };
    expect(answer.data.results.map((b) => b.title)).toContain(title);
  });

  test('is validated by ETag and sent compressed to browsers that accept it', async () => {
    const first = await home({ 'accept-encoding': 'br, gzip' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('accept-encoding');
    const html = brotliDecompressSync(first.rawPayload).toString('utf8');
    expect(answerIn(html, '/api/ecommerce/banner/')).toEqual((await call(t.app, 'GET', '/banner/')).json());
    const etag = String(first.headers.etag);
    const again = await home({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    // A new banner is a new page: the old ETag no longer matches.
    await addBanner('Fresh every morning');
    const changed = await home({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  test('other client routes get the page as built, and a rebuilt page is served without a restart', async () => {
    const detail = await t.app.inject({ method: 'GET', url: '/detail/anything' });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain('data-answer-of');
    // A build without the mark: the head part goes before </head>.
    writeFileSync(
      join(t.web, 'index.html'),
      PAGE.replace('<!--pasal:document-head-->\n', '').replace('Pasal', 'Pasal 2'),
    );
    const rebuilt = (await home()).body;
    expect(rebuilt).toContain('<title>Pasal 2</title>');
    expect(rebuilt.indexOf('data-answer-of')).toBeLessThan(rebuilt.indexOf('</head>'));
    expect(answerIn(rebuilt, '/api/ecommerce/banner/')).toEqual(
      (await call(t.app, 'GET', '/banner/')).json(),
    );
  });
});
