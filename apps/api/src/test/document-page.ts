import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp, type TestApp } from './build-test-app';

// The storefront page the document tests serve (home-head, product-head, list-head) and how they read it.

/** A minimal built index.html, with the mark where the server writes a page's head part. */
export const PAGE = `<!doctype html>
<html><head>
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<!--pasal:document-head-->
<title>Pasal</title>
</head><body><div id="root"><!--pasal:document-shell--></div></body></html>`;

/** The answer written into the page for `url`, as the storefront reads it (JSON.parse of the block). */
export function answerIn(html: string, url: string): unknown {
  const block = new RegExp(`<script type="application/json" data-answer-of="${url}">([^<]*)</script>`).exec(
    html,
  );
  return block ? JSON.parse(block[1] as string) : undefined;
}

/** The picture preloads of the page's head. */
export const preloads = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];

/** What the server wrote into the page's shell (apps/web/index.html's #root), if anything. */
export function shellIn(html: string): string {
  return /<div id="root">(.*)<\/div><\/body>/s.exec(html)?.[1] ?? '';
}

/** A test app serving a storefront build of its own (`web`, holding PAGE). */
export type DocumentApp = TestApp & { web: string };

/** The app over a fresh database with PAGE as its storefront build; closing it removes that build too. */
export async function buildDocumentApp(): Promise<DocumentApp> {
  const web = mkdtempSync(join(tmpdir(), 'pasal-web-'));
  writeFileSync(join(web, 'index.html'), PAGE);
  const t = await buildTestApp({ WEB_DIST: web });
  return {
    ...t,
    web,
    close: async () => {
      await t.close();
      rmSync(web, { recursive: true, force: true });
    },
  };
}
