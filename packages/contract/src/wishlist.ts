import { z } from 'zod';
import { productIdInput } from './cart';
import { product } from './catalogue';
import { idParam } from './common';

import { WISHLIST_ENTRY_REMOVED } from './shop-texts';

// Defined without zod in shop-texts.ts (the storefront's main bundle uses them); exported here too.
export { WISHLIST_ENTRY_NOT_FOUND, WISHLIST_ENTRY_REMOVED } from './shop-texts';

export const wishlistCreateRequest = z.strictObject(
  { item: productIdInput('item') },
  {
    error: (i) =>
      i.code === 'unrecognized_keys'
        ? `Unknown field: ${i.keys.join(', ')}`
        : 'The body must be an object {item}',
  },
);
export type WishlistCreateRequest = z.infer<typeof wishlistCreateRequest>;

/** One wishlist entry: its own id (for removal), the product id, and the product as a card shows it. */
export const wishlistEntry = z.object({
  id: z.number().int().describe('Wishlist entry id: what DELETE /update/wishlist/{wishlistId}/ takes'),
  product: z.number().int().describe('Product id'),
  item: product,
});
export type WishlistEntry = z.infer<typeof wishlistEntry>;

export const wishlistList = z.object({ results: z.array(wishlistEntry).describe('Newest first') });
export type WishlistList = z.infer<typeof wishlistList>;

export const wishlistParams = z.object({ wishlistId: idParam });

export const wishlistRemoveResponse = z.object({
  id: z.number().int().describe('The entry removed'),
  message: z.literal(WISHLIST_ENTRY_REMOVED),
});
export type WishlistRemoveResponse = z.infer<typeof wishlistRemoveResponse>;
