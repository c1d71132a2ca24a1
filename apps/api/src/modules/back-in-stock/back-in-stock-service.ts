import {
  BACK_IN_STOCK_IN_STOCK,
  BACK_IN_STOCK_NO_EMAIL,
  BACK_IN_STOCK_NO_PHONE,
  BACK_IN_STOCK_NO_PRODUCT,
  BACK_IN_STOCK_NOT_FOUND,
  type BackInStockCreateRequest,
  type BackInStockEntry,
} from '@pasal/contract/back-in-stock';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { backInStockRequests } from '../../db/schema/shopping';
import { users } from '../../db/schema/users';
import { ConflictError, FieldError, NotFoundError } from '../../lib/errors';
import { findProducts } from '../catalogue/product-queries';

type RequestRow = Pick<typeof backInStockRequests.$inferSelect, 'id' | 'productId' | 'channel' | 'createdAt'>;

const openOf = (userId: number) =>
  and(eq(backInStockRequests.userId, userId), isNull(backInStockRequests.endedAt));

async function entriesOf(db: DbOrTx, rows: RequestRow[]): Promise<BackInStockEntry[]> {
  if (rows.length === 0) return [];
  const items = await findProducts(db, {
    where: inArray(
      products.id,
      rows.map((row) => row.productId),
    ),
  });
  const byId = new Map(items.map((item) => [item.id, item]));
  return rows.flatMap((row) => {
    const item = byId.get(row.productId);
    return item
      ? [
          {
            id: row.id,
            product: row.productId,
            item,
            channel: row.channel,
            created_at: row.createdAt.toISOString(),
          },
        ]
      : [];
  });
}

/**
 * Asks to be told once when an out-of-stock product is back. Under the product's row lock, so a
 * restock cannot slip between the stock check and the insert (it would never announce this
 * request), and two asks of one customer make one request. An open request for the product is
 * answered as it is (created: false), whatever channel the repeat names.
 */
export async function askBackInStock(
  db: Db,
  userId: number,
  body: BackInStockCreateRequest,
): Promise<{ created: boolean; entry: BackInStockEntry }> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ stock: products.stock, isActive: products.isActive })
      .from(products)
      .where(eq(products.id, body.product))
      .for('update');
    if (!product?.isActive) throw new FieldError('product', BACK_IN_STOCK_NO_PRODUCT);
    const [open] = await tx
      .select()
      .from(backInStockRequests)
      .where(and(openOf(userId), eq(backInStockRequests.productId, body.product)));
    if (open) {
      const [entry] = await entriesOf(tx, [open]);
      return { created: false, entry };
    }
    if (product.stock > 0) throw new ConflictError(BACK_IN_STOCK_IN_STOCK, { msg: BACK_IN_STOCK_IN_STOCK });
    const [me] = await tx
      .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt, phone: users.phone })
      .from(users)
      .where(eq(users.id, userId));
    if (body.channel === 'email' && !(me?.email && me.emailVerifiedAt))
      throw new FieldError('channel', BACK_IN_STOCK_NO_EMAIL);
    if (body.channel === 'sms' && !me?.phone) throw new FieldError('channel', BACK_IN_STOCK_NO_PHONE);
    const [row] = await tx
      .insert(backInStockRequests)
      .values({ userId, productId: body.product, channel: body.channel })
      .returning();
    const [entry] = await entriesOf(tx, [row]);
    return { created: true, entry };
  });
}

/** The caller's open requests, newest first; products no longer sold are left out (they have no page). */
export async function listBackInStock(db: DbOrTx, userId: number): Promise<BackInStockEntry[]> {
  const rows = await db
    .select()
    .from(backInStockRequests)
    .where(openOf(userId))
    .orderBy(desc(backInStockRequests.createdAt), desc(backInStockRequests.id));
  return entriesOf(db, rows);
}

/**
 * Withdraws the caller's open request (the row goes: there is nothing left to keep). Someone
 * else's id, or one already ended by a restock, is answered exactly like an unknown one (404).
 */
export async function removeBackInStock(db: DbOrTx, userId: number, requestId: number): Promise<void> {
  const removed = await db
    .delete(backInStockRequests)
    .where(and(eq(backInStockRequests.id, requestId), openOf(userId)))
    .returning({ id: backInStockRequests.id });
  if (removed.length === 0) throw new NotFoundError(BACK_IN_STOCK_NOT_FOUND);
}
