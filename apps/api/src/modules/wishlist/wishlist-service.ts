import type { WishlistEntry } from '@pasal/contract/wishlist';
import { WISHLIST_ENTRY_NOT_FOUND } from '@pasal/contract/wishlist';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { wishlistItems } from '../../db/schema/shopping';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { findProducts } from '../catalogue/product-queries';

/**
 * Wishlists the product; an entry that already exists is answered as it is (created: false).
 * The unique (user, product) index decides races: two parallel adds make one entry.
 */
export async function addToWishlist(
  db: DbOrTx,
  userId: number,
  productId: number,
): Promise<{ created: boolean; entry: WishlistEntry }> {
  const [item] = await findProducts(db, { where: eq(products.id, productId) });
  if (!item) throw new BadRequestError(`Product ${productId} was not found.`, { item: productId });
  const [inserted] = await db
    .insert(wishlistItems)
    .values({ userId, productId })
    .onConflictDoNothing({ target: [wishlistItems.userId, wishlistItems.productId] })
    .returning({ id: wishlistItems.id });
  if (inserted) return { created: true, entry: { id: inserted.id, product: productId, item } };
  const [existing] = await db
    .select({ id: wishlistItems.id })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  // Removed again between our two statements: nothing to answer but "try again".
  if (!existing) throw new BadRequestError('The wishlist changed meanwhile. Please try again.');
  return { created: false, entry: { id: existing.id, product: productId, item } };
}

/** The caller's entries, newest first; products no longer sold are left out (they have no page). */
export async function listWishlist(db: DbOrTx, userId: number): Promise<WishlistEntry[]> {
  const entries = await db
    .select({ id: wishlistItems.id, productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
  if (entries.length === 0) return [];
  const items = await findProducts(db, {
    where: inArray(
      products.id,
      entries.map((e) => e.productId),
    ),
  });
  const byId = new Map(items.map((p) => [p.id, p]));
  return entries.flatMap((e) => {
    const item = byId.get(e.productId);
    return item ? [{ id: e.id, product: e.productId, item }] : [];
  });
}

/** Removes the caller's entry; someone else's id is answered exactly like an unknown one (404). */
export async function removeFromWishlist(db: DbOrTx, userId: number, entryId: number): Promise<void> {
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.id, entryId), eq(wishlistItems.userId, userId)))
    .returning({ id: wishlistItems.id });
  if (removed.length === 0) throw new NotFoundError(WISHLIST_ENTRY_NOT_FOUND);
}
