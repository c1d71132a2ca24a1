import type { Cart, CartLine } from '@pasal/contract/cart';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { cartItems, carts } from '../../db/schema/shopping';
import { toRupees } from '../../lib/money';
import { currentSellingPrice, findProducts } from '../catalogue/product-queries';

/** A cart line priced now, in paisa. What checkout reads too (inside its own transaction). */
export interface PricedLine {
  id: number;
  productId: number;
  quantity: number;
  /** The price in force now: the flash-sale price while a sale runs. */
  ratePaisa: number;
  subtotalPaisa: number;
  /** Units that can be bought now: the stock, or 0 when the product is no longer sold. */
  availableQuantity: number;
  /** Sold and with stock for the whole quantity; only such lines count in the total. */
  isAvailable: boolean;
}

/** The customer's cart lines, oldest first, at current prices and stock. */
export async function loadPricedLines(db: DbOrTx, userId: number): Promise<PricedLine[]> {
  const rows = await db
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      ratePaisa: currentSellingPrice,
      stock: products.stock,
      isActive: products.isActive,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartItems.id));
  return rows.map((row) => {
    const availableQuantity = row.isActive ? row.stock : 0;
    return {
      id: row.id,
      productId: row.productId,
      quantity: row.quantity,
      ratePaisa: row.ratePaisa,
      subtotalPaisa: row.ratePaisa * row.quantity,
      availableQuantity,
      isAvailable: row.quantity <= availableQuantity,
    };
  });
}

/** What the shopper can pay for now: the available lines only. */
export function cartTotalPaisa(lines: PricedLine[]): number {
  return lines.reduce((sum, line) => (line.isAvailable ? sum + line.subtotalPaisa : sum), 0);
}

/** The customer's cart id, creating the cart on first use. */
export async function findOrCreateCartId(db: DbOrTx, userId: number): Promise<number> {
  const [existing] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  if (existing) return existing.id;
  const [created] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoNothing({ target: carts.userId })
    .returning({ id: carts.id });
  if (created) return created.id;
  // Another request created it between our two statements.
  const [raced] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  return raced.id;
}

/** The cart as the API shows it, built from the caller's transaction (so prices share one now()). */
export async function cartView(tx: DbOrTx, cartId: number, userId: number): Promise<Cart> {
  const lines = await loadPricedLines(tx, userId);
  const details =
    lines.length === 0
      ? []
      : await findProducts(tx, {
          where: inArray(
            products.id,
            lines.map((l) => l.productId),
          ),
          includeInactive: true,
        });
  const byId = new Map(details.map((p) => [p.id, p]));
  // A product deleted between the two reads took its line with it (cascade): leave it out.
  const shown = lines.filter((line) => byId.has(line.productId));
  const cartProducts: CartLine[] = shown.map((line) => {
    const detail = byId.get(line.productId)!;
    return {
      id: line.id,
      product: line.productId,
      quantity: line.quantity,
      rate: toRupees(line.ratePaisa),
      subtotal: toRupees(line.subtotalPaisa),
      is_available: line.isAvailable,
      available_quantity: line.availableQuantity,
      product_detail: { ...detail, total_available_quantity: line.availableQuantity },
    };
  });
  return { id: cartId, total: toRupees(cartTotalPaisa(shown)), cart_products: cartProducts };
}

/**
 * The caller's cart (created on first use). One transaction, so every price is taken at the same
 * now(): a flash sale that ends mid-read cannot give a line two prices.
 */
export async function readCart(db: DbOrTx, userId: number): Promise<Cart> {
  return db.transaction(async (tx) => cartView(tx, await findOrCreateCartId(tx, userId), userId));
}
