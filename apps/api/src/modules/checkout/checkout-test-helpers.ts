import type { CheckoutRequest } from '@pasal/contract/checkout';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { orders, voucherUses } from '../../db/schema/orders';
import { cartItems, carts } from '../../db/schema/shopping';
import { createAddress, createUser } from '../../test/factories';
import { call, type Shopper } from '../../test/shopper';
import { issueTokens } from '../auth/session-service';

/**
 * A customer with a proved e-mail and a deliverable address (Kathmandu Metropolitan City, which a demo station serves
 * at 3 km), signed in with tokens made the way login makes them (so dozens of customers cost no
 * password hashing). The locations must be seeded.
 */
export async function customerWithAddress(
  app: FastifyInstance,
  db: Db,
  overrides: Parameters<typeof createUser>[1] = {},
): Promise<Shopper & { addressId: number }> {
  // A proved e-mail, as the demo customer has, so the confirmation goes by e-mail.
  const user = await createUser(db, { emailVerifiedAt: new Date(), ...overrides });
  const { access: token } = await issueTokens(db, app.config.jwtSecret, user);
  const address = await createAddress(db, user.id);
  return { id: user.id, token, addressId: address.id };
}

export function order(
  app: FastifyInstance,
  as: Shopper,
  payload: unknown,
  key?: string,
): Promise<LightMyRequestResponse> {
  return call(app, 'POST', '/checkout/', {
    as,
    payload,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

/** The body the storefront sends for these lines (cash unless told). */
export function body(
  addressId: number,
  lines: [productId: number, quantity: number][],
  extra: Partial<CheckoutRequest> = {},
): CheckoutRequest {
  return {
    product_id: lines.map(([id]) => id),
    qtys: lines.map(([, quantity]) => quantity),
    location: addressId,
    voucher_code: '',
    ...extra,
  };
}

export async function stockOf(db: Db, productId: number): Promise<number> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row.stock;
}

export async function ordersOf(db: Db, userId: number) {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.id);
}

/** Counted (not released) uses of a voucher. */
export async function usesOf(db: Db, voucherId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(voucherUses)
    .where(sql`${voucherUses.voucherId} = ${voucherId} and ${voucherUses.releasedAt} is null`);
  return row.n;
}

export async function cartLinesOf(db: Db, userId: number) {
  return db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, userId))
    .orderBy(cartItems.productId);
}
