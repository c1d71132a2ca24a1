import { type BuyAgainResponse, buyAgainMessage, ORDER_NOT_FOUND } from '@pasal/contract/orders';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderLines, orders } from '../../db/schema/orders';
import { AppError, NotFoundError } from '../../lib/errors';
import { readCart } from '../cart/cart-read';
import { addToCart } from '../cart/cart-service';

/**
 * Buy again (docs/decisions/047): each line of one of my orders goes back into my cart through
 * the cart's own guarded add, one line at a time, so a line that cannot be sold now (no longer
 * sold, out of stock, a flash-sale limit) is named with the cart's reason and the others still go
 * in. A quantity beyond what the cart may hold now (the stock, a flash sale's limit less what the
 * customer already bought in it) is lowered to it.
 */
export async function buyAgain(db: Db, userId: number, orderId: number): Promise<BuyAgainResponse> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  const lines = await db
    .select({ productId: orderLines.productId, title: orderLines.title, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));

  const added: BuyAgainResponse['added'] = [];
  const unavailable: BuyAgainResponse['unavailable'] = [];
  for (const line of lines) {
    let quantity = line.quantity;
    for (;;) {
      try {
        await addToCart(db, userId, [{ product: line.productId, quantity }]);
        added.push({ product_id: line.productId, title: line.title, quantity });
        break;
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode !== 400) throw error;
        // "Only {n} items available in stock", or a flash sale's limit: take what still fits next
        // to what the cart holds (at the sale's price, as the customer would by hand).
        const room = roomLeft(error, await heldInCart(db, userId, line.productId));
        if (room > 0 && room < quantity) {
          quantity = room;
          continue;
        }
        unavailable.push({ product_id: line.productId, title: line.title, message: error.message });
        break;
      }
    }
  }
  return {
    message: buyAgainMessage(added.length, unavailable.length),
    cart: await readCart(db, userId),
    added,
    unavailable,
  };
}

function roomLeft(error: AppError, held: number): number {
  const { available_quantity: available, flash_sale_room: saleRoom, max_quantity: max } = error.extras;
  if (typeof saleRoom === 'number') return saleRoom - held;
  if (typeof max === 'number') return max - held;
  return typeof available === 'number' ? available - held : 0;
}

async function heldInCart(db: Db, userId: number, productId: number): Promise<number> {
  const cart = await readCart(db, userId);
  return cart.cart_products.find((line) => line.product === productId)?.quantity ?? 0;
}
