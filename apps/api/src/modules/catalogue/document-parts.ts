// Pieces of markup the server writes into a storefront page's head (plugins/home-document.ts).

/**
 * An API answer the page reads instead of asking for it (apps/web/src/lib/catalogue-get.ts,
 * `takeEmbedded`), under the URL the page would have asked.
 */
export function embeddedAnswer(url: string, json: string): string {
  return `<script type="application/json" data-answer-of="${attr(url)}">${jsonInScript(json)}</script>`;
}

/**
 * A high-priority preload of the page's largest picture. With `srcset` and `sizes` it must list
 * what the page's `<img>` does, so the browser fetches the one file the picture will show.
 */
export function picturePreload(href: string, srcset?: string, sizes?: string): string {
  const attrs = [`rel="preload"`, `as="image"`, `fetchpriority="high"`, `href="${attr(href)}"`];
  if (srcset && sizes) attrs.push(`imagesrcset="${attr(srcset)}"`, `imagesizes="${attr(sizes)}"`);
  return `<link ${attrs.join(' ')}>`;
}

/**
 * A page's largest picture for the shell (apps/web/index.html): a product's first picture, or home's
 * first banner (`banner`, with the same `srcset` and `sizes` as its `<img>`, so the same file).
 * It then paints with the document instead of after the scripts have run. No text, so the shell is
 * right in either language; it is hidden from assistive technology, and the app's page replaces it.
 */
export function shellPicture(href: string, banner?: { srcset: string | undefined; sizes: string }): string {
  const attrs = banner?.srcset
    ? [`sizes="${attr(banner.sizes)}"`, `srcset="${attr(banner.srcset)}"`, `src="${attr(href)}"`]
    : [`src="${attr(href)}"`];
  const [width, height] = banner ? [1200, 400] : [600, 600];
  attrs.push(`alt=""`, `width="${width}"`, `height="${height}"`, `fetchpriority="high"`);
  const kind = banner ? 'app-shell-picture app-shell-banner' : 'app-shell-picture';
  return `<div class="${kind}" aria-hidden="true"><img ${attrs.join(' ')}></div>`;
}

/**
 * The first cards' pictures of a category or search page for the shell, in a grid of the page's
 * columns: the `src` and the 600 × 600 box of the card's own `<img>` (apps/web/src/components/
 * product-image.tsx), so the browser fetches the file once. Each is at least as large as the card's
 * picture (apps/web/index.html), so the card's later paint is not a larger one and the page's
 * largest picture stays the shell's. No text; hidden from assistive technology.
 */
export function shellCards(pictures: string[]): string {
  const cards = pictures.map(
    (src) =>
      `<div class="app-shell-row app-shell-card"><img src="${attr(src)}" alt="" width="600" height="600" fetchpriority="high"></div>`,
  );
  return `<div class="app-shell-rows app-shell-cards" aria-hidden="true">${cards.join('')}</div>`;
}

/** JSON that cannot end its `<script>` block early (staff write titles and descriptions). */
function jsonInScript(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function attr(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}
