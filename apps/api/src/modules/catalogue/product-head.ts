import { productDetail, productDetailParams } from '@pasal/contract/catalogue';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { NotFoundError } from '../../lib/errors';
import type { CachedAnswer } from '../../lib/response-cache';
import { catalogueAnswer } from '../../plugins/catalogue-cache';
import type { DocumentHead } from '../../plugins/home-document';
import { embeddedAnswer, picturePreload, shellPicture } from './document-parts';
import { getProductDetail, relatedStore } from './product-detail';

/** The catalogue cache's entry of a product's answer: GET /product/detail/{slug}/ and its page. */
export const detailKey = (slug: string) => `detail:${slug}`;

// One head per product answer (a refreshed answer is a new object).
const heads = new WeakMap<CachedAnswer, DocumentHead>();

/**
 * What a product page's document (`/detail/{slug}`) carries besides the storefront's own (decision
 * 057): the product's answer, which the page renders once its scripts run instead of asking for it
 * then, a preload of its first picture, the page's largest, fetched while those scripts are
 * still arriving, and that picture in the shell shown until then (so it paints with the document). Undefined for a slug that names no product: the page then shows its own error.
 */
export async function productHead(
  app: FastifyInstance,
  apiRoot: string,
  rawSlug: string,
): Promise<DocumentHead | undefined> {
  const parsed = productDetailParams.safeParse({ slug: rawSlug });
  if (!parsed.success) return undefined;
  const { slug } = parsed.data;
  let answer: CachedAnswer;
  try {
    answer = await catalogueAnswer(app, detailKey(slug), productDetail, async () => ({
      data: await getProductDetail(
        app.db,
        slug,
        relatedStore(app.catalogueCache, app.config.catalogueCacheMs),
      ),
    }));
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
  let head = heads.get(answer);
  if (!head) {
    const json = answer.body.toString('utf8');
    const { product } = (JSON.parse(json) as z.output<typeof productDetail>).data;
    // The page shows the primary picture first, else the first of the others (product-detail-page.tsx).
    const first = [product.primary_image, ...(product.product_images ?? [])].find((p) => p?.image);
    const url = `${apiRoot}/product/detail/${encodeURIComponent(slug)}/`;
    const parts = [embeddedAnswer(url, json)];
    if (first) parts.push(picturePreload(first.image));
    head = {
      key: `detail:${slug}:${answer.etag}`,
      html: parts.join('\n    '),
      ...(first && { shell: shellPicture(first.image) }),
    };
    heads.set(answer, head);
  }
  return head;
}
