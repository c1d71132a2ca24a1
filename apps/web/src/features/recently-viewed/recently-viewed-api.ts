import type { Product, ProductDetail } from '@pasal/contract/catalogue';
import { catalogueGet, HttpError } from '../../lib/catalogue-get';
import type { ViewedProduct } from './recently-viewed-slice';

export interface ViewedProducts {
  /** In the order of the history, as the server has them now (prices, stock). */
  products: Product[];
  /** Ids the server no longer knows (404): they can leave the history. */
  gone: number[];
}

/**
 * The products of the history, read afresh. Each is the product's own public detail answer: the
 * shopper's browser already holds it from the visit (the catalogue answers carry an ETag), so
 * most come back as a 304. A product that fails for another reason is left out this time.
 */
export async function loadViewedProducts(
  viewed: ViewedProduct[],
  signal?: AbortSignal,
): Promise<ViewedProducts> {
  const answers = await Promise.allSettled(
    viewed.map((v) =>
      catalogueGet<ProductDetail>(`/product/detail/${encodeURIComponent(v.slug)}/`, { signal }),
    ),
  );
  signal?.throwIfAborted();
  const products: Product[] = [];
  const gone: number[] = [];
  answers.forEach((answer, i) => {
    if (answer.status === 'fulfilled') {
      const product = answer.value.data?.data?.product;
      if (product) products.push(product);
    } else if (answer.reason instanceof HttpError && answer.reason.response?.status === 404) {
      gone.push(viewed[i].id);
    }
  });
  return { products, gone };
}
