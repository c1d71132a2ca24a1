import type { WishlistEntry as ServerEntry } from '@pasal/contract/wishlist';
import { apiClient } from '../../lib/api-client';
import { type ProductLike, productImage, productRating, productTitle, sellingPrice } from '../../lib/product';
import { createSerialQueue } from '../../lib/serial-queue';
import type { WishlistEntry, WishlistProduct } from './wishlist-slice';

/** A product as the wishlist keeps it (shopping.md §3 Wishlist product fields). */
export function wishlistProduct(
  p: ProductLike,
  prices?: { selling: number; marked: number },
): WishlistProduct {
  const selling = prices?.selling ?? sellingPrice(p);
  return {
    id: p.id,
    title: productTitle(p),
    selling_price: selling,
    image: productImage(p),
    description: p.description ?? '',
    short_description: p.short_description ?? '',
    marked_price: prices?.marked ?? p.marked_price ?? selling,
    average_rating: productRating(p),
    rating_count: p.rating_count ?? p.ratingCount ?? 0,
    price: selling,
    slug: p.slug,
    total_available_quantity: p.total_available_quantity ?? 0,
  };
}

/** data.results (each with id and item), or results, or a bare array; anything else is an empty list. */
export function wishlistFromBody(body: unknown): { items: WishlistProduct[]; apiItems: WishlistEntry[] } {
  const b = body as { results?: unknown; data?: { results?: unknown } } | null;
  const list = Array.isArray(b) ? b : Array.isArray(b?.results) ? b.results : b?.data?.results;
  const entries = (Array.isArray(list) ? list : []).filter(
    (e): e is Pick<ServerEntry, 'id' | 'item'> & { product?: number } =>
      typeof e?.id === 'number' && typeof e?.item?.id === 'number',
  );
  return {
    items: entries.map((e) => wishlistProduct(e.item)),
    apiItems: entries.map((e) => ({ id: e.id, product: e.product ?? e.item.id })),
  };
}

// One wishlist request at a time, answered in order: a change made while the list loads lands after
// the list's answer, which therefore cannot undo it.
const serial = createSerialQueue();

export const fetchServerWishlist = () =>
  serial(async () => wishlistFromBody((await apiClient.get('/list/wishlist/')).data));

/** POST /create/wishlist/: success on 200 or 201, with the entry's id. */
export const addToServerWishlist = (productId: number): Promise<number> =>
  serial(async () => {
    const res = await apiClient.post<Partial<ServerEntry>>('/create/wishlist/', { item: productId });
    if ((res.status !== 200 && res.status !== 201) || typeof res.data?.id !== 'number')
      throw new Error('Unexpected answer');
    return res.data.id;
  });

/** DELETE /update/wishlist/{wishlistId}/: success on 200 or 204. */
export const removeFromServerWishlist = (entryId: number): Promise<void> =>
  serial(async () => {
    const res = await apiClient.delete(`/update/wishlist/${entryId}/`);
    if (res.status !== 200 && res.status !== 204) throw new Error('Unexpected answer');
  });
