import { bannerList } from '@pasal/contract/catalogue';
import { BANNER_SIZES, BANNER_WIDTH, mediaSrcSet } from '@pasal/contract/picture-widths';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { CachedAnswer } from '../../lib/response-cache';
import { catalogueAnswer } from '../../plugins/catalogue-cache';
import type { DocumentHead } from '../../plugins/home-document';
import { listBanners } from './catalogue-service';

/** The catalogue cache's entry of the banners' answer: GET /banner/ and the home page's document. */
export const BANNERS_KEY = 'banners';

export async function bannersAnswer(db: DbOrTx): Promise<z.input<typeof bannerList>> {
  return { data: { results: await listBanners(db) } };
}

// One head per banners' answer (a refreshed answer is a new object).
const heads = new WeakMap<CachedAnswer, DocumentHead>();

/**
 * What the home page's document carries besides the storefront's own (decision 032): the banners'
 * answer, which the page renders with its first paint instead of asking for it after its scripts
 * have run, and a preload of the first banner, the page's largest picture, so a phone fetches it
 * while those scripts are still arriving. `apiRoot` is where the catalogue's routes live.
 */
export async function homeHead(app: FastifyInstance, apiRoot: string): Promise<DocumentHead> {
  const answer = await catalogueAnswer(app, BANNERS_KEY, bannerList, () => bannersAnswer(app.db));
  let head = heads.get(answer);
  if (!head) {
    const json = answer.body.toString('utf8');
    const first = (JSON.parse(json) as z.output<typeof bannerList>).data.results[0];
    const parts = [
      `<script type="application/json" data-answer-of="${apiRoot}/banner/">${jsonInScript(json)}</script>`,
    ];
    if (first) parts.push(preloadPicture(first.image));
    head = { key: answer.etag, html: parts.join('\n    ') };
    heads.set(answer, head);
  }
  return head;
}

/**
 * A preload the browser matches to the banner's `<img>` (apps/web/src/features/catalogue/banner-image.tsx):
 * the same `srcset` and `sizes`, so it fetches the one file the picture will show.
 */
function preloadPicture(image: string): string {
  const srcset = mediaSrcSet(image, BANNER_WIDTH);
  const attrs = [`rel="preload"`, `as="image"`, `fetchpriority="high"`, `href="${attr(image)}"`];
  if (srcset) attrs.push(`imagesrcset="${attr(srcset)}"`, `imagesizes="${attr(BANNER_SIZES)}"`);
  return `<link ${attrs.join(' ')}>`;
}

/** JSON that cannot end its `<script>` block early (staff write the banners' titles). */
function jsonInScript(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function attr(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}
