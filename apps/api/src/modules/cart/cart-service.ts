import { type Cart, type CartLineInput, onlyInStock } from '@pasal/contract/cart';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { cartItems, carts } from '../../db/schema/shopping';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { cartView, findOrCreateCartId } from './cart-read';

interface ProductState {
  id: number;
  title: string;
  stock: number;
  isActive: boolean;
}

/**
 * The caller's cart id, created if need be, with its row locked until the transaction ends:
 * changes to one customer's cart run one after another, whatever instance serves them.
 */
async function lockCart(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } })
    .returning({ id: carts.id });
  return row.id;
}

async function productStates(tx: Tx, ids: number[]): Promise<Map<number, ProductState>> {
  const rows = await tx
    .select({ id: products.id, title: products.title, stock: products.stock, isActive: products.isActive })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

async function lineQuantities(tx: Tx, cartId: number, ids: number[]): Promise<Map<number, number>> {
  const rows = await tx
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), inArray(cartItems.productId, ids)));
  return new Map(rows.map((r) => [r.productId, r.quantity]));
}

/** Refuses a product that is unknown, no longer sold or out of stock, naming it. */
function assertSellable(product: ProductState | undefined, id: number): asserts product is ProductState {
  if (!product) throw new BadRequestError(`Product ${id} was not found.`, { product: id });
  if (!product.isActive) {
    throw new BadRequestError(`${product.title} is no longer available.`, {
      product: id,
      available_quantity: 0,
    });
  }
  if (product.stock <= 0) {
    throw new BadRequestError(`${product.title} is out of stock.`, { product: id, available_quantity: 0 });
  }
}

function beyondStock(product: ProductState): BadRequestError {
  return new BadRequestError(onlyInStock(product.stock), {
    product: product.id,
    available_quantity: product.stock,
  });
}

/** Why a guarded write wrote nothing: the product changed since we checked it. Always throws. */
async function explainRefusal(tx: Tx, productId: number, wanted: number): Promise<never> {
  const product = (await productStates(tx, [productId])).get(productId);
  assertSellable(product, productId);
  if (wanted > product.stock) throw beyondStock(product);
  throw new Error(`cart write for product ${productId} refused for no visible reason`);
}

type LineWrite = 'add' | 'set';

/**
 * One statement that writes a line only while the product is sold with stock for the line's new
 * quantity: `add` adds in the database (quantity = quantity + excluded.quantity, never a
 * read-modify-write), `set` replaces it. Answers whether a row was written.
 */
async function writeLine(
  tx: Tx,
  mode: LineWrite,
  cartId: number,
  productId: number,
  quantity: number,
): Promise<boolean> {
  const newQuantity =
    mode === 'add' ? sql`${cartItems.quantity}::bigint + excluded.quantity` : sql`excluded.quantity`;
  const result = await tx.execute(sql`
    insert into ${cartItems} (cart_id, product_id, quantity)
    select ${cartId}::integer, ${products.id}, ${quantity}::integer from ${products}
    where ${products.id} = ${productId} and ${products.isActive} and ${products.stock} >= ${quantity}
    on conflict (cart_id, product_id) do update set quantity = ${newQuantity}
    where ${newQuantity} <= (select p.stock from ${products} p where p.id = excluded.product_id)
    returning ${cartItems.id}
  `);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Sums repeated products of one request, keeping the order of first appearance. */
function sumByProduct(lines: CartLineInput[]): Map<number, number> {
  const wanted = new Map<number, number>();
  for (const line of lines) wanted.set(line.product, (wanted.get(line.product) ?? 0) + line.quantity);
  return wanted;
}

/**
 * Adds each quantity to the line of its product (creating the line if need be). All or nothing:
 * any refused line leaves the cart as it was. The stock limit covers the line's new quantity.
 */
export async function addToCart(db: DbOrTx, userId: number, lines: CartLineInput[]): Promise<Cart> {
  const wanted = sumByProduct(lines);
  const ids = [...wanted.keys()];
  return db.transaction(async (tx) => {
    const cartId = await lockCart(tx, userId);
    const states = await productStates(tx, ids);
    const current = await lineQuantities(tx, cartId, ids);
    for (const [productId, quantity] of wanted) {
      const product = states.get(productId);
      assertSellable(product, productId);
      if ((current.get(productId) ?? 0) + quantity > product.stock) throw beyondStock(product);
    }
    for (const [productId, quantity] of wanted) {
      // The stock may have changed since we read it (another customer's order): re-checked in the write.
      if (!(await writeLine(tx, 'add', cartId, productId, quantity))) {
        await explainRefusal(tx, productId, (current.get(productId) ?? 0) + quantity);
      }
    }
    return cartView(tx, cartId, userId);
  });
}

/** Sets each product's line to the given quantity (creating the line if need be). All or nothing. */
export async function setCartQuantities(db: DbOrTx, userId: number, lines: CartLineInput[]): Promise<Cart> {
  const seen = new Set<number>();
  for (const line of lines) {
    if (seen.has(line.product)) {
      throw new BadRequestError(`Product ${line.product} is listed more than once.`, {
        product: line.product,
      });
    }
    seen.add(line.product);
  }
  return db.transaction(async (tx) => {
    const cartId = await lockCart(tx, userId);
    const states = await productStates(tx, [...seen]);
    for (const line of lines) {
      const product = states.get(line.product);
      assertSellable(product, line.product);
      if (line.quantity > product.stock) throw beyondStock(product);
    }
    for (const line of lines) {
      if (!(await writeLine(tx, 'set', cartId, line.product, line.quantity))) {
        await explainRefusal(tx, line.product, line.quantity);
      }
    }
    return cartView(tx, cartId, userId);
  });
}

/** Removes the product's line from the caller's cart; 404 when the caller's cart has none. */
export async function removeFromCart(db: DbOrTx, userId: number, productId: number): Promise<Cart> {
  return db.transaction(async (tx) => {
    const cartId = await findOrCreateCartId(tx, userId);
    const removed = await tx
      .delete(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)))
      .returning({ id: cartItems.id });
    if (removed.length === 0) throw new NotFoundError(`Product ${productId} is not in your cart.`);
    return cartView(tx, cartId, userId);
  });
}

export async function clearCart(db: DbOrTx, userId: number): Promise<Cart> {
  return db.transaction(async (tx) => {
    const cartId = await findOrCreateCartId(tx, userId);
    await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
    return cartView(tx, cartId, userId);
  });
}
