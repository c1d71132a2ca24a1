import { bannerList } from '@pasal/contract/catalogue';
import { BANNER_SIZES, BANNER_WIDTH, mediaSrcSet } from '@pasal/contract/picture-widths';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { CachedAnswer } from '../../lib/response-cache';
import { catalogueAnswer } from '../../plugins/catalogue-cache';
import type { DocumentHead } from '../../plugins/home-document';
import { listBanners } from './catalogue-service';
import { embeddedAnswer, picturePreload, shellPicture } from './document-parts';

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
    const parts = [embeddedAnswer(`${apiRoot}/banner/`, json)];
    let shell: string | undefined;
    if (first) {
      // The same srcset and sizes as the banner's <img> (apps/web/src/features/catalogue/banner-image.tsx).
      const srcset = mediaSrcSet(first.image, BANNER_WIDTH);
      parts.push(picturePreload(first.image, srcset, BANNER_SIZES));
      // The banner in the shell too, so the page's largest picture paints with the document.
      shell = shellPicture(first.image, { srcset, sizes: BANNER_SIZES });
    }
    head = { key: `home:${answer.etag}`, html: parts.join('\n    '), shell };
    heads.set(answer, head);
  }
  return head;
}
