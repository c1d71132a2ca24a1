import { type Cart, type CartLineInput, onlyInStock } from '@pasal/contract/cart';
import { MAX_LINE_QUANTITY } from '@pasal/contract/delivery';
import { atMostInFlashSale, atMostPerOrder } from '@pasal/contract/shop-texts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fixedStatement } from '../../db/fixed-statement';
import { products } from '../../db/schema/catalogue';
import { cartItems, carts } from '../../db/schema/shopping';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { cartView, findOrCreateCartId } from './cart-read';
import { flashSaleAllowances, flashSaleRoom } from './flash-sale-limit';

interface ProductState {
  id: number;
  title: string;
  stock: number;
  isActive: boolean;
}

async function productStates(db: DbOrTx, ids: number[]): Promise<Map<number, ProductState>> {
  const rows = await db
    .select({ id: products.id, title: products.title, stock: products.stock, isActive: products.isActive })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
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

type LineWrite = 'add' | 'set';

/**
 * Why a guarded write wrote nothing for some product, read after it (the write changed nothing):
 * the first refused line in the request's order answers. Undefined when every line is fine now
 * (the stock came back between the write and this read): the caller tries again.
 */
async function refusalOf(
  db: DbOrTx,
  mode: LineWrite,
  userId: number,
  refused: [number, number][],
): Promise<BadRequestError | undefined> {
  const ids = refused.map(([id]) => id);
  const states = await productStates(db, ids);
  const held = new Map<number, number>();
  if (mode === 'add') {
    const rows = await db
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(and(eq(carts.userId, userId), inArray(cartItems.productId, ids)));
    for (const row of rows) held.set(row.productId, row.quantity);
  }
  const sales = await flashSaleAllowances(db, userId, ids);
  for (const [productId, quantity] of refused) {
    const product = states.get(productId);
    try {
      assertSellable(product, productId);
    } catch (error) {
      return error as BadRequestError;
    }
    const total = (held.get(productId) ?? 0) + quantity;
    if (total > product.stock) return beyondStock(product);
    if (total > MAX_LINE_QUANTITY)
      return new BadRequestError(atMostPerOrder(MAX_LINE_QUANTITY), {
        product: productId,
        max_quantity: MAX_LINE_QUANTITY,
      });
    const sale = sales.get(productId);
    if (sale && total + sale.bought > sale.limit) {
      return new BadRequestError(atMostInFlashSale(sale.limit, sale.bought), {
        product: productId,
        flash_sale_limit: sale.limit,
        // How many the cart may hold in all: buy-again lowers a line to it.
        flash_sale_room: Math.max(0, sale.limit - sale.bought),
      });
    }
  }
  return undefined;
}

/**
 * One statement that takes (creating it) and locks the customer's cart row (a no-op update, so a
 * refused write leaves the row as it was), then writes every line
 * only while its product is sold with stock for the line's new quantity: `add` adds in the
 * database (quantity = quantity + excluded.quantity, on the line's newest version, never a
 * read-modify-write), `set` replaces it. A product on a running flash sale also stays within the
 * sale's per-customer limit, less what the customer already ordered in the sale (decision 038),
 * and no line holds more than one order may carry (MAX_LINE_QUANTITY): what the cart takes, the
 * checkout takes too.
 * Answers the cart id (when anything was written) and the products whose lines were written.
 */
function writeLinesStatement(mode: LineWrite) {
  const newQuantity =
    mode === 'add' ? sql`cart_items.quantity::bigint + excluded.quantity` : sql`excluded.quantity`;
  return fixedStatement<{ cartId: number; productId: number }, 'userId' | 'ids' | 'quantities'>(
    `cart_write_${mode}`,
    (value) => {
      const user = sql`${value('userId')}::integer`;
      return sql`
      with cart as (
        insert into ${carts} (user_id) values (${value('userId')})
        on conflict (user_id) do update set user_id = excluded.user_id
        returning id
      )
      insert into ${cartItems} as cart_items (cart_id, product_id, quantity)
      select cart.id, w.product_id, w.quantity
      from cart, unnest(${value('ids')}::integer[], ${value('quantities')}::integer[]) as w(product_id, quantity)
      join ${products} p on p.id = w.product_id
      where p.is_active and p.stock >= w.quantity and w.quantity <= ${flashSaleRoom(sql`w.product_id`, user)}
        and w.quantity <= ${sql.raw(String(MAX_LINE_QUANTITY))}
      on conflict (cart_id, product_id) do update set quantity = ${newQuantity}
      where ${newQuantity} <= (select p2.stock from ${products} p2 where p2.id = excluded.product_id)
        and ${newQuantity} <= ${sql.raw(String(MAX_LINE_QUANTITY))}
        and ${newQuantity} <= ${flashSaleRoom(sql`excluded.product_id`, user)}
      returning cart_id as "cartId", product_id as "productId"
    `;
    },
  );
}

const writeLinesStatements = { add: writeLinesStatement('add'), set: writeLinesStatement('set') };

async function writeLines(
  db: DbOrTx,
  mode: LineWrite,
  userId: number,
  wanted: Map<number, number>,
): Promise<{ cartId: number | undefined; written: Set<number> }> {
  const rows = await writeLinesStatements[mode](db, {
    userId,
    ids: [...wanted.keys()],
    quantities: [...wanted.values()],
  });
  return { cartId: rows[0]?.cartId, written: new Set(rows.map((row) => row.productId)) };
}

/**
 * Writes every line or none. A request for one product is a single statement (atomic by itself);
 * several run in a transaction that is rolled back when any line is refused. A refusal is then
 * explained from a fresh read; if that read finds nothing wrong any more, the write is tried again.
 */
async function writeAllOrNothing(
  db: DbOrTx,
  mode: LineWrite,
  userId: number,
  wanted: Map<number, number>,
): Promise<Cart> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let refused: [number, number][] = [];
    const cartId =
      wanted.size === 1
        ? await (async () => {
            const result = await writeLines(db, mode, userId, wanted);
            refused = [...wanted].filter(([id]) => !result.written.has(id));
            return result.cartId;
          })()
        : await db
            .transaction(async (tx) => {
              const result = await writeLines(tx, mode, userId, wanted);
              refused = [...wanted].filter(([id]) => !result.written.has(id));
              if (refused.length > 0) tx.rollback();
              return result.cartId;
            })
            .catch((error: unknown) => {
              if (refused.length > 0) return undefined;
              throw error;
            });
    if (refused.length === 0 && cartId !== undefined) return cartView(db, cartId, userId);
    const refusal = await refusalOf(db, mode, userId, refused);
    if (refusal) throw refusal;
  }
  throw new Error('cart write refused three times for no visible reason');
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
 * The answer is the cart read right after the write, in one more statement.
 */
export async function addToCart(db: DbOrTx, userId: number, lines: CartLineInput[]): Promise<Cart> {
  return writeAllOrNothing(db, 'add', userId, sumByProduct(lines));
}

/** Sets each product's line to the given quantity (creating the line if need be). All or nothing. */
export async function setCartQuantities(db: DbOrTx, userId: number, lines: CartLineInput[]): Promise<Cart> {
  const wanted = new Map<number, number>();
  for (const line of lines) {
    if (wanted.has(line.product)) {
      throw new BadRequestError(`Product ${line.product} is listed more than once.`, {
        product: line.product,
      });
    }
    wanted.set(line.product, line.quantity);
  }
  return writeAllOrNothing(db, 'set', userId, wanted);
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
