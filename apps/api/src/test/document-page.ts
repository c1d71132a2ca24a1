// The storefront page the document tests serve (home-head, product-head) and how they read it.

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
