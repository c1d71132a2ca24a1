import type { Cart, CartLine } from '@pasal/contract/cart';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fixedStatement } from '../../db/fixed-statement';
import { categories, productImages, products } from '../../db/schema/catalogue';
import { cartItems, carts } from '../../db/schema/shopping';
import { toRupees } from '../../lib/money';
import { type ImageRow, type ProductRow, toProduct } from '../catalogue/product-mapper';
import { currentSellingPrice } from '../catalogue/product-queries';

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

interface CartViewRow extends ProductRow {
  lineId: number;
  quantity: number;
  isActive: boolean;
  images: Omit<ImageRow, 'productId'>[];
}

/**
 * The customer's lines with each product's details and pictures, priced now: one statement (one
 * snapshot, one now()), so a flash sale that ends mid-read cannot give a line two prices.
 */
const cartViewRows = fixedStatement<CartViewRow, 'userId'>(
  'cart_view',
  (value) => sql`
    select ${cartItems.id} as "lineId", ${cartItems.quantity} as "quantity",
      ${products.id} as "id", ${products.slug} as "slug", ${products.title} as "title",
      ${products.nepaliTitle} as "nepaliTitle", ${products.brand} as "brand", ${products.unit} as "unit",
      ${products.description} as "description", ${products.shortDescription} as "shortDescription",
      ${products.markedPrice} as "markedPrice", ${currentSellingPrice}::integer as "sellingPrice",
      ${products.stock} as "stock", ${products.isActive} as "isActive",
      ${products.categoryId} as "categoryId", ${categories.title} as "categoryTitle",
      ${categories.slug} as "categorySlug", ${products.isOrganic} as "isOrganic",
      ${products.ratingAverage}::text as "ratingAverage", ${products.ratingCount} as "ratingCount",
      coalesce((
        select json_agg(json_build_object('image', pi.image, 'thumbnail', pi.thumbnail, 'isPrimary', pi.is_primary)
          order by pi.is_primary desc, pi.position)
        from ${productImages} pi where pi.product_id = ${products.id}
      ), '[]'::json) as "images"
    from ${cartItems}
    join ${carts} on ${carts.id} = ${cartItems.cartId}
    join ${products} on ${products.id} = ${cartItems.productId}
    join ${categories} on ${categories.id} = ${products.categoryId}
    where ${carts.userId} = ${value('userId')}
    order by ${cartItems.id}
  `,
);

/** The cart as the API shows it: one statement, however many lines (see cartViewRows). */
export async function cartView(db: DbOrTx, cartId: number, userId: number): Promise<Cart> {
  const rows = await cartViewRows(db, { userId });
  let totalPaisa = 0;
  const cartProducts: CartLine[] = rows.map((row) => {
    const availableQuantity = row.isActive ? row.stock : 0;
    const isAvailable = row.quantity <= availableQuantity;
    const subtotalPaisa = row.sellingPrice * row.quantity;
    if (isAvailable) totalPaisa += subtotalPaisa;
    const detail = toProduct(
      row,
      row.images.map((image) => ({ ...image, productId: row.id })),
    );
    return {
      id: row.lineId,
      product: row.id,
      quantity: row.quantity,
      rate: toRupees(row.sellingPrice),
      subtotal: toRupees(subtotalPaisa),
      is_available: isAvailable,
      available_quantity: availableQuantity,
      product_detail: { ...detail, total_available_quantity: availableQuantity },
    };
  });
  return { id: cartId, total: toRupees(totalPaisa), cart_products: cartProducts };
}

/**
 * The caller's cart (created on first use). One transaction, so every price is taken at the same
 * now(): a flash sale that ends mid-read cannot give a line two prices.
 */
export async function readCart(db: DbOrTx, userId: number): Promise<Cart> {
  return db.transaction(async (tx) => cartView(tx, await findOrCreateCartId(tx, userId), userId));
}
