import type { Product, ProductDetail, ProductSize, Review } from '@pasal/contract/catalogue';
import { msg } from '../../i18n/i18n';
import { apiClient, httpResponse } from '../../lib/api-client';
import { catalogueGet, takeEmbedded } from '../../lib/catalogue-get';

export interface LoadedDetail {
  product: Product;
  /** The item's sizes, this product included; empty when it comes in one. */
  sizes: ProductSize[];
  reviews: Review[];
  recommended: Product[];
}

export class DetailError extends Error {}

/** The detail page's error texts (shopping.md §8). */
export function detailErrorMessage(error: unknown): string {
  const response = httpResponse(error);
  if (response) {
    const { status, data } = response;
    if (status === 401) return msg('Authentication required. Please log in and try again.');
    if (status === 404) return msg('Product not found.');
    const detail = (data as { detail?: unknown } | undefined)?.detail;
    if (typeof detail === 'string' && detail) return detail;
  }
  return msg('Failed to load product details.');
}

export async function loadProductDetail(
  slug: string | undefined,
  withSession: boolean,
  signal?: AbortSignal,
): Promise<LoadedDetail> {
  if (!slug) throw new DetailError(msg('No product ID provided.'));
  const path = `/product/detail/${encodeURIComponent(slug)}/`;
  let body: ProductDetail | undefined;
  try {
    if (withSession) {
      try {
        body = (await apiClient.get<ProductDetail>(path, { signal, skipSessionRefresh: true })).data;
      } catch (e) {
        if (signal?.aborted) throw e;
        // A stale token must not hide a public page: retry without it.
        body = (await catalogueGet<ProductDetail>(path, { signal })).data;
      }
    } else {
      // The server writes the product into its page's document (decision 063): read there once.
      body = takeEmbedded<ProductDetail>(path) ?? (await catalogueGet<ProductDetail>(path, { signal })).data;
    }
  } catch (e) {
    throw new DetailError(detailErrorMessage(e));
  }
  const product = body?.data?.product;
  if (!product) throw new DetailError(msg('Product not found in response.'));
  return {
    product,
    sizes: body.data.sizes ?? [],
    reviews: body.data.reviews ?? [],
    recommended: body.data.recommended_products ?? [],
  };
}
