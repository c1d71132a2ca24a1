import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { categories, productImages, products } from '../db/schema/catalogue';
import { deliveryStations, districts, municipalities, stationCoverage } from '../db/schema/locations';
import { flashSales } from '../db/schema/marketing';
import { orderLines, orders, voucherUses } from '../db/schema/orders';
import { addresses, cartItems, carts, vouchers } from '../db/schema/shopping';
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

type StationInsert = typeof deliveryStations.$inferInsert;

/**
 * An active delivery station (the locations must be seeded) that serves the given local levels at
 * the given road distances; the rule's parameters take the column defaults unless overridden.
 */
export async function createDeliveryStation(
  db: DbOrTx,
  covers: { municipalityId: number; distanceKm: string }[],
  overrides: Partial<StationInsert> = {},
) {
  const [row] = await db
    .insert(deliveryStations)
    .values({
      name: `Station ${unique()}`,
      municipalityId: overrides.municipalityId ?? covers[0].municipalityId,
      ...overrides,
    })
    .returning();
  if (covers.length > 0) {
    await db.insert(stationCoverage).values(covers.map((c) => ({ stationId: row.id, ...c })));
  }
  return row;
}

type AddressInsert = typeof addresses.$inferInsert;

/**
 * A live address of the user (the locations must be seeded): in `municipalityId` (default Kathmandu
 * Metropolitan City) with its own district and province. The user's first live address becomes the
 * default, as the service makes it.
 */
export async function createAddress(
  db: DbOrTx,
  userId: number,
  overrides: Partial<Omit<AddressInsert, 'userId'>> = {},
) {
  const municipalityId = overrides.municipalityId ?? (await kathmanduMetropolitanId(db));
  const [place] = await db
    .select({ districtId: municipalities.districtId, provinceId: districts.provinceId })
    .from(municipalities)
    .innerJoin(districts, eq(districts.id, municipalities.districtId))
    .where(eq(municipalities.id, municipalityId));
  if (!place) throw new Error(`createAddress: no local level ${municipalityId} (seed the locations first)`);
  const [existingDefault] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), isNull(addresses.deletedAt)));
  const [row] = await db
    .insert(addresses)
    .values({
      addressType: 0,
      location: `Tole ${unique()}`,
      fullName: 'Test Customer',
      phone: '9841000000',
      isDefault: !existingDefault,
      ...place,
      ...overrides,
      municipalityId,
      userId,
    })
    .returning();
  return row;
}

async function kathmanduMetropolitanId(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ id: municipalities.id })
    .from(municipalities)
    .where(and(eq(municipalities.name, 'Kathmandu'), eq(municipalities.type, 'metropolitan_city')));
  if (!row) throw new Error('createAddress: seed the locations first');
  return row.id;
}

export interface OrderFactoryInput {
  userId: number;
  /** The order's total in paisa; the subtotal equals it unless lines say otherwise. */
  totalPaisa: number;
  paymentMethod?: (typeof orders.$inferInsert)['paymentMethod'];
  paymentStatus?: (typeof orders.$inferInsert)['paymentStatus'];
  orderStatus?: (typeof orders.$inferInsert)['orderStatus'];
  createdAt?: Date;
  deliveredAt?: Date;
  /** Lines as sold; the factory does not touch stock (the checkout does). */
  lines?: { productId: number; quantity: number; unitPaisa: number; markedPaisa?: number; title?: string }[];
  /** Records a use of this voucher by the order's customer. */
  voucherId?: number;
}

/** An order as the checkout would have written it (online orders start with payment Pending). */
export async function createOrder(db: DbOrTx, input: OrderFactoryInput) {
  const method = input.paymentMethod ?? 'cash';
  const status = input.paymentStatus ?? (method === 'cash' ? 'Unpaid' : 'Pending');
  const [order] = await db
    .insert(orders)
    .values({
      userId: input.userId,
      trackingId: `PSL${unique().toUpperCase()}`,
      orderStatus: input.orderStatus ?? 'Order Processing',
      paymentMethod: method,
      paymentStatus: status,
      paymentCompleted: status === 'Paid' || status === 'Refund due',
      shippingAddress: {
        address_type: 'Home',
        full_name: 'Test User',
        phone: '9800000000',
        location: 'Baneshwor',
        land_mark: '',
        municipality: 'Kathmandu',
        district: 'Kathmandu',
        province: 'Bagmati',
        nearest_branch: null,
      },
      subtotal: input.totalPaisa,
      total: input.totalPaisa,
      voucherId: input.voucherId,
      createdAt: input.createdAt,
      updatedAt: input.createdAt,
      deliveredAt: input.deliveredAt,
    })
    .returning();
  for (const line of input.lines ?? []) {
    await db.insert(orderLines).values({
      orderId: order.id,
      productId: line.productId,
      title: line.title ?? `Product ${line.productId}`,
      quantity: line.quantity,
      unitPrice: line.unitPaisa,
      markedPrice: line.markedPaisa ?? line.unitPaisa,
      lineTotal: line.unitPaisa * line.quantity,
    });
  }
  if (input.voucherId)
    await db
      .insert(voucherUses)
      .values({ voucherId: input.voucherId, userId: input.userId, orderId: order.id });
  return order;
}

/**
 * A delivered cash order (paid on delivery) of the given products, as the staff transitions leave
 * it: what a customer may review. Prices default to each product's selling price.
 */
export async function createDeliveredOrder(
  db: DbOrTx,
  userId: number,
  items: { product: typeof products.$inferSelect; quantity?: number }[],
  options: { createdAt?: Date } = {},
) {
  const lines = items.map(({ product, quantity }) => ({
    productId: product.id,
    quantity: quantity ?? 1,
    unitPaisa: product.sellingPrice,
    markedPaisa: product.markedPrice,
    title: product.title,
  }));
  return createOrder(db, {
    userId,
    totalPaisa: lines.reduce((sum, line) => sum + line.unitPaisa * line.quantity, 0),
    orderStatus: 'Delivered',
    paymentStatus: 'Paid',
    lines,
    createdAt: options.createdAt,
    deliveredAt: options.createdAt ?? new Date(),
  });
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

/** One counted use of a voucher by a user (through a fresh order); released uses do not count. */
export async function createVoucherUse(
  db: DbOrTx,
  voucherId: number,
  userId: number,
  options: { released?: boolean } = {},
) {
  const order = await createOrder(db, { userId, totalPaisa: 100_000 });
  const [row] = await db
    .insert(voucherUses)
    .values({ voucherId, userId, orderId: order.id, releasedAt: options.released ? new Date() : null })
    .returning();
  return row;
}

/** An active staff member (password 'Passw0rd!', like every factory user). */
export function createStaff(db: DbOrTx, overrides: Partial<typeof users.$inferInsert> = {}) {
  return createUser(db, { firstName: 'Staff', lastName: 'Member', isStaff: true, ...overrides });
}
