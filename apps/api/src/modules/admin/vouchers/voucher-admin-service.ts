import { toNepalIso } from '@pasal/contract/admin-common';
import {
  type AdminVoucher,
  type AdminVoucherPage,
  type adminVoucherCreate,
  type adminVoucherListQuery,
  type adminVoucherUpdate,
  VOUCHER_CODE_TAKEN,
  VOUCHER_IN_USE,
  type VoucherState,
  voucherRuleErrors,
} from '@pasal/contract/admin-vouchers';
import { and, count, eq, getTableColumns, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client';
import { qualified } from '../../../db/qualified';
import { orders, voucherUses } from '../../../db/schema/orders';
import { vouchers } from '../../../db/schema/shopping';
import { AppError, ConflictError, FieldError, NotFoundError } from '../../../lib/errors';
import { toPaisa, toRupees } from '../../../lib/money';
import { uniqueViolation } from '../../../lib/pg-errors';
import { basisPoints } from '../../vouchers/voucher-service';
import { everyWord, pageAnswer, pageWindow, sortBy } from '../admin-list';
import { type AuditedResource, auditedCreate, auditedDelete, auditedUpdate } from '../audited-change';

export const VOUCHER_NOT_FOUND = 'Voucher not found.';

type VoucherRow = typeof vouchers.$inferSelect;

/** Uses that count against the limits: those of orders not cancelled (the same rule as /voucher/apply/). */
const usesSoFar = sql<number>`(
  select count(*) from ${voucherUses}
  where ${qualified(voucherUses.voucherId)} = ${qualified(vouchers.id)} and ${qualified(voucherUses.releasedAt)} is null
)::int`.mapWith(Number);

function stateOf(row: VoucherRow, uses: number, now: Date): VoucherState {
  if (!row.isActive) return 'inactive';
  if (row.validFrom && now < row.validFrom) return 'scheduled';
  if (row.validTo && now >= row.validTo) return 'expired';
  if (row.usageLimit !== null && uses >= row.usageLimit) return 'used_up';
  return 'live';
}

function stateIs(state: VoucherState): SQL {
  const live = sql`${vouchers.isActive} and (${vouchers.validFrom} is null or ${vouchers.validFrom} <= now()) and (${vouchers.validTo} is null or ${vouchers.validTo} > now())`;
  const usedUp = sql`(${vouchers.usageLimit} is not null and ${usesSoFar} >= ${vouchers.usageLimit})`;
  switch (state) {
    case 'inactive':
      return sql`not ${vouchers.isActive}`;
    case 'scheduled':
      return sql`${vouchers.isActive} and ${vouchers.validFrom} > now()`;
    case 'expired':
      return sql`${vouchers.isActive} and (${vouchers.validFrom} is null or ${vouchers.validFrom} <= now()) and ${vouchers.validTo} <= now()`;
    case 'used_up':
      return sql`${live} and ${usedUp}`;
    case 'live':
      return sql`${live} and not ${usedUp}`;
  }
}

function toVoucher(row: VoucherRow & { usesSoFar: number }, now = new Date()): AdminVoucher {
  return {
    id: row.id,
    code: row.code,
    voucher_type: row.voucherType,
    discount_percentage: basisPoints(row.discountPercentage) / 100,
    discount_amount: toRupees(row.discountAmount),
    minimum_order_value: toRupees(row.minimumOrderValue),
    maximum_discount: row.maximumDiscount === null ? null : toRupees(row.maximumDiscount),
    usage_limit: row.usageLimit,
    per_customer_limit: row.perUserLimit,
    valid_from: row.validFrom ? toNepalIso(row.validFrom) : null,
    valid_to: row.validTo ? toNepalIso(row.validTo) : null,
    is_active: row.isActive,
    is_listed: row.isListed,
    uses_so_far: row.usesSoFar,
    state: stateOf(row, row.usesSoFar, now),
    created_at: toNepalIso(row.createdAt),
    version: row.version,
  };
}

/** What the audit log keeps of a voucher: its rules (uses and state follow orders and the clock). */
function auditFields(voucher: AdminVoucher) {
  const { uses_so_far: _uses, state: _state, ...fields } = voucher;
  return fields;
}

const voucherColumns = { ...getTableColumns(vouchers), usesSoFar };

export async function voucherView(db: DbOrTx, voucherId: number): Promise<AdminVoucher> {
  const [row] = await db.select(voucherColumns).from(vouchers).where(eq(vouchers.id, voucherId));
  if (!row) throw new NotFoundError(VOUCHER_NOT_FOUND);
  return toVoucher(row);
}

const sortColumns = {
  code: sql`upper(${vouchers.code})`,
  created_at: vouchers.createdAt,
  valid_to: vouchers.validTo,
  uses_so_far: usesSoFar,
  id: vouchers.id,
};

export async function listVouchers(
  db: DbOrTx,
  query: z.output<typeof adminVoucherListQuery>,
): Promise<AdminVoucherPage> {
  const where = and(
    query.active === undefined ? undefined : eq(vouchers.isActive, query.active),
    query.voucher_type ? eq(vouchers.voucherType, query.voucher_type) : undefined,
    query.state ? stateIs(query.state) : undefined,
    everyWord(query.q, [vouchers.code]),
  );
  const [{ total }] = await db.select({ total: count() }).from(vouchers).where(where);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select(voucherColumns)
    .from(vouchers)
    .where(where)
    .orderBy(...sortBy(sortColumns[query.sort], query.order, vouchers.id))
    .limit(limit)
    .offset(offset);
  const now = new Date();
  return pageAnswer(
    query,
    Number(total),
    rows.map((row) => toVoucher(row, now)),
  );
}

async function checkCodeFree(tx: DbOrTx, code: string, excludeId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(
      and(
        sql`upper(${vouchers.code}) = upper(${code})`,
        excludeId === undefined ? undefined : ne(vouchers.id, excludeId),
      ),
    );
  if (taken) throw new FieldError('code', VOUCHER_CODE_TAKEN);
}

/** The rules that tie fields together, checked on the voucher as a whole (after an edit is merged). */
function checkRules(row: typeof vouchers.$inferInsert): void {
  const errors = voucherRuleErrors({
    voucherType: row.voucherType,
    percentBasisPoints: basisPoints(row.discountPercentage ?? '0'),
    discountAmountPaisa: row.discountAmount ?? 0,
    maximumDiscountPaisa: row.maximumDiscount ?? null,
    validFrom: row.validFrom ?? null,
    validTo: row.validTo ?? null,
  });
  const entries = Object.entries(errors);
  if (entries.length === 0) return;
  throw new AppError(400, entries[0][1], {
    error: Object.fromEntries(entries.map(([name, text]) => [name, [text]])),
  });
}

async function withCodeCheck<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (uniqueViolation(error) === 'vouchers_code_uq') throw new FieldError('code', VOUCHER_CODE_TAKEN);
    throw error;
  }
}

type VoucherFields = Partial<z.output<typeof adminVoucherUpdate>>;

function columnsOf(body: VoucherFields): Partial<typeof vouchers.$inferInsert> {
  const set: Partial<typeof vouchers.$inferInsert> = {};
  if (body.code !== undefined) set.code = body.code;
  if (body.voucher_type !== undefined) set.voucherType = body.voucher_type;
  if (body.discount_percentage !== undefined) set.discountPercentage = body.discount_percentage.toFixed(2);
  if (body.discount_amount !== undefined) set.discountAmount = toPaisa(body.discount_amount);
  if (body.minimum_order_value !== undefined) set.minimumOrderValue = toPaisa(body.minimum_order_value);
  if (body.maximum_discount !== undefined)
    set.maximumDiscount = body.maximum_discount === null ? null : toPaisa(body.maximum_discount);
  if (body.usage_limit !== undefined) set.usageLimit = body.usage_limit;
  if (body.per_customer_limit !== undefined) set.perUserLimit = body.per_customer_limit;
  if (body.valid_from !== undefined) set.validFrom = body.valid_from;
  if (body.valid_to !== undefined) set.validTo = body.valid_to;
  if (body.is_active !== undefined) set.isActive = body.is_active;
  if (body.is_listed !== undefined) set.isListed = body.is_listed;
  return set;
}

const voucherResource: AuditedResource<typeof vouchers, AdminVoucher> = {
  table: vouchers,
  entity: 'voucher',
  notFound: VOUCHER_NOT_FOUND,
  view: voucherView,
  audited: auditFields,
};

export async function createVoucher(
  db: Db,
  staffId: number,
  body: z.output<typeof adminVoucherCreate>,
): Promise<AdminVoucher> {
  return withCodeCheck(() =>
    auditedCreate(db, staffId, voucherResource, async (tx) => {
      const values = { ...columnsOf(body), code: body.code, voucherType: body.voucher_type };
      checkRules(values);
      await checkCodeFree(tx, body.code);
      const [row] = await tx.insert(vouchers).values(values).returning({ id: vouchers.id });
      return row.id;
    }),
  );
}

export async function updateVoucher(
  db: Db,
  staffId: number,
  voucherId: number,
  body: z.output<typeof adminVoucherUpdate>,
): Promise<AdminVoucher> {
  return withCodeCheck(() =>
    auditedUpdate(db, staffId, voucherResource, voucherId, body.version, (tx, row) => {
      const set = columnsOf(body);
      return {
        set,
        check: async () => {
          checkRules({ ...row, ...set });
          if (set.code !== undefined) await checkCodeFree(tx, set.code, voucherId);
        },
      };
    }),
  );
}

/** Deletes a voucher no order ever used (a used one is switched off instead, so orders keep it). */
export async function deleteVoucher(
  db: Db,
  staffId: number,
  voucherId: number,
  version: number,
): Promise<void> {
  await auditedDelete(db, staffId, voucherResource, voucherId, version, async (tx) => {
    const [uses] = await tx
      .select({ n: count() })
      .from(voucherUses)
      .where(eq(voucherUses.voucherId, voucherId));
    const [ordered] = await tx.select({ n: count() }).from(orders).where(eq(orders.voucherId, voucherId));
    if (Number(uses.n) > 0 || Number(ordered.n) > 0) throw new ConflictError(VOUCHER_IN_USE);
  });
}
