import { toNepalIso } from '@pasal/contract/admin-common';
import type {
  AdminCustomer,
  AdminCustomerDetail,
  AdminCustomerPage,
  adminCustomerListQuery,
} from '@pasal/contract/admin-customers';
import { RIDER_HAS_ORDERS } from '@pasal/contract/admin-riders';
import { and, count, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client';
import { qualified } from '../../../db/qualified';
import { orders } from '../../../db/schema/orders';
import { addresses } from '../../../db/schema/shopping';
import { users } from '../../../db/schema/users';
import { ConflictError, NotFoundError } from '../../../lib/errors';
import { toRupees } from '../../../lib/money';
import { revokeAllForUser } from '../../auth/session-service';
import { everyWord, idOf, pageAnswer, pageWindow, sortBy } from '../admin-list';
import { recordAudit } from '../audit/audit-log';

export const CUSTOMER_NOT_FOUND = 'Customer not found.';

type UserRow = typeof users.$inferSelect;

const ordersCount =
  sql<number>`(select count(*) from ${orders} where ${qualified(orders.userId)} = ${qualified(users.id)})::int`.mapWith(
    Number,
  );
const ordersTotal = sql<number>`(
  select coalesce(sum(${qualified(orders.total)}), 0) from ${orders}
  where ${qualified(orders.userId)} = ${qualified(users.id)} and ${qualified(orders.orderStatus)} <> 'Cancelled'
)::bigint`.mapWith(Number);

/** Customers are the accounts that are not staff and not deleted. */
const isCustomer = and(eq(users.isStaff, false), isNull(users.deletedAt));

function fullName(row: UserRow): string {
  return [row.firstName, row.middleName, row.lastName].filter(Boolean).join(' ');
}

function statusOf(row: UserRow): AdminCustomer['status'] {
  if (row.disabledAt) return 'disabled';
  return row.isActive ? 'active' : 'unverified';
}

function statusIs(status: AdminCustomer['status']): SQL | undefined {
  switch (status) {
    case 'disabled':
      return isNotNull(users.disabledAt);
    case 'unverified':
      return and(isNull(users.disabledAt), eq(users.isActive, false));
    case 'active':
      return and(isNull(users.disabledAt), eq(users.isActive, true));
  }
}

function toCustomer(row: UserRow & { ordersCount: number; ordersTotal: number }): AdminCustomer {
  return {
    id: row.id,
    first_name: row.firstName,
    middle_name: row.middleName,
    last_name: row.lastName,
    full_name: fullName(row),
    email: row.email,
    phone: row.phone,
    status: statusOf(row),
    disabled_at: row.disabledAt ? toNepalIso(row.disabledAt) : null,
    joined_at: toNepalIso(row.createdAt),
    orders_count: row.ordersCount,
    orders_total: toRupees(row.ordersTotal),
    is_rider: row.isRider,
  };
}

function selectCustomers(db: DbOrTx) {
  return db.select({ user: users, ordersCount, ordersTotal }).from(users);
}

const sortColumns = {
  joined_at: users.createdAt,
  name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
  orders_count: ordersCount,
  orders_total: ordersTotal,
  id: users.id,
};

export async function listCustomers(
  db: DbOrTx,
  query: z.output<typeof adminCustomerListQuery>,
): Promise<AdminCustomerPage> {
  const id = idOf(query.q);
  const words = everyWord(query.q, [
    users.firstName,
    users.middleName,
    users.lastName,
    users.phone,
    users.email,
  ]);
  const where = and(
    isCustomer,
    query.status ? statusIs(query.status) : undefined,
    id === undefined ? words : or(eq(users.id, id), words),
  );
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const { limit, offset } = pageWindow(query);
  const rows = await selectCustomers(db)
    .where(where)
    .orderBy(...sortBy(sortColumns[query.sort], query.order, users.id))
    .limit(limit)
    .offset(offset);
  return pageAnswer(
    query,
    Number(total),
    rows.map((row) =>
      toCustomer({ ...row.user, ordersCount: row.ordersCount, ordersTotal: row.ordersTotal }),
    ),
  );
}

export async function customerView(db: DbOrTx, customerId: number): Promise<AdminCustomerDetail> {
  const [row] = await selectCustomers(db).where(and(isCustomer, eq(users.id, customerId)));
  if (!row) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  const recent = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(10);
  const [{ n }] = await db
    .select({ n: count() })
    .from(addresses)
    .where(and(eq(addresses.userId, customerId), isNull(addresses.deletedAt)));
  return {
    ...toCustomer({ ...row.user, ordersCount: row.ordersCount, ordersTotal: row.ordersTotal }),
    recent_orders: recent.map((order) => ({
      id: order.id,
      tracking_id: order.trackingId,
      created_at: toNepalIso(order.createdAt),
      order_status: order.orderStatus,
      payment_method: order.paymentMethod,
      payment_status: order.paymentStatus,
      total: toRupees(order.total),
    })),
    addresses_count: Number(n),
  };
}

function auditFields(customer: AdminCustomerDetail) {
  return { status: customer.status, disabled_at: customer.disabled_at };
}

async function lockCustomer(tx: DbOrTx, customerId: number): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(isCustomer, eq(users.id, customerId)))
    .for('update');
  if (!row) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  return row;
}

/**
 * Disables the account and ends every session at once: refresh tokens are revoked and the token
 * version raised, so access tokens already handed out stop working on their next request.
 * Disabling a disabled account changes nothing.
 */
export async function disableCustomer(
  db: Db,
  staffId: number,
  customerId: number,
  reason: string | undefined,
): Promise<AdminCustomerDetail> {
  return db.transaction(async (tx) => {
    const row = await lockCustomer(tx, customerId);
    const before = await customerView(tx, customerId);
    if (row.disabledAt) return before;
    const now = new Date();
    await tx
      .update(users)
      .set({ disabledAt: now, tokenVersion: row.tokenVersion + 1, updatedAt: now })
      .where(eq(users.id, customerId));
    await revokeAllForUser(tx, customerId);
    const after = await customerView(tx, customerId);
    await recordAudit(tx, {
      staffId,
      entity: 'customer',
      entityId: customerId,
      action: 'disable',
      before: auditFields(before),
      after: auditFields(after),
      note: reason || null,
    });
    return after;
  });
}

/** Lets the customer log in again (their old sessions stay ended). */
export async function enableCustomer(
  db: Db,
  staffId: number,
  customerId: number,
): Promise<AdminCustomerDetail> {
  return db.transaction(async (tx) => {
    const row = await lockCustomer(tx, customerId);
    const before = await customerView(tx, customerId);
    if (!row.disabledAt) return before;
    await tx.update(users).set({ disabledAt: null, updatedAt: new Date() }).where(eq(users.id, customerId));
    const after = await customerView(tx, customerId);
    await recordAudit(tx, {
      staffId,
      entity: 'customer',
      entityId: customerId,
      action: 'enable',
      before: auditFields(before),
      after: auditFields(after),
    });
    return after;
  });
}

/**
 * Makes the account a delivery rider, or a customer again (docs/decisions/057). A rider who still
 * holds orders to deliver stays one until those are given to someone else.
 */
export async function setRider(
  db: Db,
  staffId: number,
  customerId: number,
  isRider: boolean,
): Promise<AdminCustomerDetail> {
  return db.transaction(async (tx) => {
    const row = await lockCustomer(tx, customerId);
    const before = await customerView(tx, customerId);
    if (row.isRider === isRider) return before;
    if (!isRider) {
      const [{ open }] = await tx
        .select({ open: count() })
        .from(orders)
        .where(
          and(eq(orders.riderId, customerId), sql`${orders.orderStatus} not in ('Delivered', 'Cancelled')`),
        );
      if (Number(open) > 0) throw new ConflictError(RIDER_HAS_ORDERS);
    }
    await tx.update(users).set({ isRider, updatedAt: new Date() }).where(eq(users.id, customerId));
    const after = await customerView(tx, customerId);
    await recordAudit(tx, {
      staffId,
      entity: 'customer',
      entityId: customerId,
      action: 'update',
      before: { is_rider: before.is_rider },
      after: { is_rider: after.is_rider },
    });
    return after;
  });
}
