import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import { categories, productImages, products } from '../db/schema/catalogue';
import { flashSales } from '../db/schema/marketing';
import { orders, voucherUses } from '../db/schema/orders';
import { cartItems, carts, vouchers } from '../db/schema/shopping';
import { users } from '../db/schema/users';
import { hashPassword } from '../lib/password';

const unique = () => randomBytes(4).toString('hex');

type CategoryInsert = typeof categories.$inferInsert;
type ProductInsert = typeof products.$inferInsert;

export async function createCategory(db: DbOrTx, overrides: Partial<CategoryInsert> = {}) {
  const suffix = unique();
  const [row] = await db
    .insert(categories)
    .values({ title: `Category ${suffix}`, slug: `category-${suffix}`, ...overrides })
    .returning();
  return row;
}

/** A product with one primary image; prices are in paisa as the schema keeps them. */
export async function createProduct(db: DbOrTx, overrides: Partial<ProductInsert> = {}) {
  const suffix = unique();
  const categoryId = overrides.categoryId ?? (await createCategory(db)).id;
  const [row] = await db
    .insert(products)
    .values({
      slug: `product-${suffix}`,
      title: `Product ${suffix}`,
      nepaliTitle: 'उत्पादन',
      markedPrice: 20_000,
      sellingPrice: 18_000,
      stock: 10,
      ...overrides,
      categoryId,
    })
    .returning();
  await db.insert(productImages).values({
    productId: row.id,
    image: `/media/products/${row.slug}.webp`,
    thumbnail: `/media/products/${row.slug}-thumb.webp`,
    isPrimary: true,
  });
  return row;
}

export async function createFlashSale(
  db: DbOrTx,
  productId: number,
  overrides: Partial<typeof flashSales.$inferInsert> = {},
) {
  const now = Date.now();
  const [row] = await db
    .insert(flashSales)
    .values({
      productId,
      discountedPrice: 10_000,
      startsAt: new Date(now - 86_400_000),
      endsAt: new Date(now + 86_400_000),
      ...overrides,
    })
    .returning();
  return row;
}

let cachedHash: Promise<string> | undefined;

/** An active user; every factory user shares the password 'Passw0rd!' (hashed once per file). */
export async function createUser(db: DbOrTx, overrides: Partial<typeof users.$inferInsert> = {}) {
  cachedHash ??= hashPassword('Passw0rd!');
  const suffix = unique();
  const [row] = await db
    .insert(users)
    .values({
      email: `user-${suffix}@example.com`,
      phone: `98${String(Number.parseInt(suffix, 16) % 100_000_000).padStart(8, '0')}`,
      passwordHash: await cachedHash,
      firstName: 'Test',
      lastName: 'User',
      isActive: true,
      phoneVerifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row;
}

/** A voucher usable now by anybody: 10 % off, no minimum, no cap, no limits (money in paisa). */
export async function createVoucher(db: DbOrTx, overrides: Partial<typeof vouchers.$inferInsert> = {}) {
  const [row] = await db
    .insert(vouchers)
    .values({
      code: `CODE${unique().toUpperCase()}`,
      voucherType: 'Percentage',
      discountPercentage: '10',
      ...overrides,
    })
    .returning();
  return row;
}

/** Puts a line straight into the user's cart (creating the cart), bypassing the API's stock checks. */
export async function addCartLine(db: DbOrTx, userId: number, productId: number, quantity: number) {
  const [cart] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { userId } })
    .returning();
  const [line] = await db.insert(cartItems).values({ cartId: cart.id, productId, quantity }).returning();
  return line;
}

/** A bare order (no lines) for what needs one to point at, like a voucher use. */
export async function createOrder(
  db: DbOrTx,
  userId: number,
  overrides: Partial<typeof orders.$inferInsert> = {},
) {
  const [row] = await db
    .insert(orders)
    .values({
      userId,
      trackingId: `T${unique()}`,
      shippingAddress: {},
      subtotal: 100_000,
      total: 100_000,
      ...overrides,
    })
    .returning();
  return row;
}

/** One counted use of a voucher by a user (through a fresh order); released uses do not count. */
export async function createVoucherUse(
  db: DbOrTx,
  voucherId: number,
  userId: number,
  options: { released?: boolean } = {},
) {
  const order = await createOrder(db, userId, { voucherId });
  const [row] = await db
    .insert(voucherUses)
    .values({ voucherId, userId, orderId: order.id, releasedAt: options.released ? new Date() : null })
    .returning();
  return row;
}
