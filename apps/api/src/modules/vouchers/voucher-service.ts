import { VOUCHER_MESSAGES, type Voucher, type VoucherRejectionReason } from '@pasal/contract/voucher';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { voucherUses } from '../../db/schema/orders';
import { vouchers } from '../../db/schema/shopping';
import { toRupees } from '../../lib/money';

export type VoucherRow = typeof vouchers.$inferSelect;

export type VoucherEvaluation =
  | { ok: true; voucher: VoucherRow; discountPaisa: number }
  | { ok: false; reason: VoucherRejectionReason; message: string; minimumPaisa?: number };

export interface EvaluateVoucherInput {
  /** As the customer typed it: surrounding spaces and case do not matter. */
  code: string;
  userId: number;
  /** The base the discount applies to, in paisa: the customer's cart at current prices. */
  basePaisa: number;
  now?: Date;
  /**
   * Lock the voucher row (select … for update) until the transaction ends. Checkout passes true,
   * then records its use in voucher_uses before committing, so the limits hold under races.
   */
  lock?: boolean;
}

/** "12.50" (numeric(5,2)) → 1250 hundredths of a percent, without floating point. */
export function basisPoints(percentage: string): number {
  const match = /^(\d+)(?:\.(\d{1,2})\d*)?$/.exec(percentage.trim());
  if (!match) throw new Error(`voucher percentage ${percentage} is not a plain decimal`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * The discount in paisa. Percentage: base × percent, rounded half up to the paisa once, then capped by
 * the maximum discount. Amount: the fixed amount. Never more than the base.
 */
export function discountPaisa(voucher: VoucherRow, basePaisa: number): number {
  if (basePaisa <= 0) return 0;
  let discount: number;
  if (voucher.voucherType === 'Amount') {
    discount = voucher.discountAmount;
  } else {
    const scaled = BigInt(basePaisa) * BigInt(basisPoints(voucher.discountPercentage));
    discount = Number((scaled + 5_000n) / 10_000n);
    if (voucher.maximumDiscount !== null) discount = Math.min(discount, voucher.maximumDiscount);
  }
  return Math.max(0, Math.min(discount, basePaisa));
}

function reject(reason: Exclude<VoucherRejectionReason, 'below_minimum'>): VoucherEvaluation {
  return { ok: false, reason, message: VOUCHER_MESSAGES[reason] };
}

/** Non-released uses of the voucher: by everybody, and by this customer. */
async function countUses(db: DbOrTx, voucherId: number, userId: number) {
  const [row] = await db
    .select({
      total: count(),
      mine: count(sql`case when ${voucherUses.userId} = ${userId} then 1 end`),
    })
    .from(voucherUses)
    .where(and(eq(voucherUses.voucherId, voucherId), isNull(voucherUses.releasedAt)));
  return { total: Number(row.total), mine: Number(row.mine) };
}

/**
 * Every rule of a promo code, in the order a customer would want to hear about them: unknown,
 * switched off, not started, expired, used up, used up by this customer, empty cart, below minimum.
 * Counts nothing: checkout records the use itself (inside the transaction that locked the row).
 */
export async function evaluateVoucher(db: DbOrTx, input: EvaluateVoucherInput): Promise<VoucherEvaluation> {
  const code = input.code.trim();
  if (code === '') return reject('blank');
  const query = db
    .select()
    .from(vouchers)
    // upper(code) is the unique index's expression, so this is an index lookup.
    .where(sql`upper(${vouchers.code}) = upper(${code})`)
    .$dynamic();
  const [voucher] = await (input.lock ? query.for('update') : query);
  if (!voucher) return reject('invalid');
  return evaluateVoucherRow(db, voucher, input);
}

/** The rules after the lookup: the one check behind applying, checkout and the cart's list of codes. */
export async function evaluateVoucherRow(
  db: DbOrTx,
  voucher: VoucherRow,
  input: Pick<EvaluateVoucherInput, 'userId' | 'basePaisa' | 'now'>,
): Promise<VoucherEvaluation> {
  const now = input.now ?? new Date();
  if (!voucher.isActive) return reject('inactive');
  if (voucher.validFrom && now < voucher.validFrom) return reject('not_started');
  if (voucher.validTo && now >= voucher.validTo) return reject('expired');
  if (voucher.usageLimit !== null || voucher.perUserLimit !== null) {
    const uses = await countUses(db, voucher.id, input.userId);
    if (voucher.usageLimit !== null && uses.total >= voucher.usageLimit) return reject('used_up');
    if (voucher.perUserLimit !== null && uses.mine >= voucher.perUserLimit) return reject('customer_limit');
  }
  if (input.basePaisa <= 0) return reject('empty_cart');
  if (input.basePaisa < voucher.minimumOrderValue) {
    return {
      ok: false,
      reason: 'below_minimum',
      message: VOUCHER_MESSAGES.below_minimum(voucher.minimumOrderValue),
      minimumPaisa: voucher.minimumOrderValue,
    };
  }
  return { ok: true, voucher, discountPaisa: discountPaisa(voucher, input.basePaisa) };
}

export function toVoucher(row: VoucherRow): Voucher {
  return {
    id: row.id,
    code: row.code,
    voucher_type: row.voucherType,
    discount_percentage: basisPoints(row.discountPercentage) / 100,
    discount_amount: toRupees(row.discountAmount),
    minimum_order_value: toRupees(row.minimumOrderValue),
    maximum_discount: row.maximumDiscount === null ? null : toRupees(row.maximumDiscount),
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_to: row.validTo?.toISOString() ?? null,
  };
}
