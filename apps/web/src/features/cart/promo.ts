import { PROMO_APPLIED, VOUCHER_MESSAGES } from '@pasal/contract/shop-texts';
import type { VoucherApplyResponse } from '@pasal/contract/voucher';
import { toPaisa } from '../../lib/money';

// shopping.md §3 Promo result.
export interface PromoResult {
  code: string;
  discount_type: 'percentage' | 'fixed';
  /** Percent off, or rupees off. */
  discount_value: number;
  /** Rupees. */
  minimum_amount: number;
  /** Rupees; null when a percentage has no cap. */
  maximum_discount: number | null;
  message: string;
  is_valid: boolean;
  is_applied: boolean;
}

/** The server's voucher (Percentage or Amount) as the storefront's promo result. */
export function promoFromServer(answer: VoucherApplyResponse): PromoResult {
  const { voucher } = answer;
  const percentage = voucher.voucher_type === 'Percentage';
  return {
    code: voucher.code,
    discount_type: percentage ? 'percentage' : 'fixed',
    discount_value: percentage ? voucher.discount_percentage : voucher.discount_amount,
    minimum_amount: voucher.minimum_order_value,
    maximum_discount: voucher.maximum_discount,
    message: answer.message || PROMO_APPLIED,
    is_valid: true,
    is_applied: true,
  };
}

/**
 * The discount on a total, in paisa, as the server reckons it: a fixed discount is the lesser of
 * its value and the total; a percentage is total × value / 100, rounded half up to the paisa once,
 * then capped by the maximum discount (and never more than the total).
 */
export function promoDiscountPaisa(promo: PromoResult, totalPaisa: number): number {
  if (totalPaisa <= 0) return 0;
  if (promo.discount_type === 'fixed') return Math.min(toPaisa(promo.discount_value), totalPaisa);
  // The percent has at most 2 decimals: work in hundredths of a percent, in integers.
  const hundredths = BigInt(Math.round(promo.discount_value * 100));
  let discount = Number((BigInt(totalPaisa) * hundredths + 5000n) / 10000n);
  if (promo.maximum_discount !== null) discount = Math.min(discount, toPaisa(promo.maximum_discount));
  return Math.min(discount, totalPaisa);
}

export const belowMinimum = (promo: PromoResult, totalPaisa: number) =>
  totalPaisa < toPaisa(promo.minimum_amount);

/** "Minimum order amount of Rs 500 is required to apply this promo code." */
export const minimumMessage = (promo: PromoResult) =>
  VOUCHER_MESSAGES.below_minimum(toPaisa(promo.minimum_amount));

const MAX_CODE_LENGTH = 64;

/** A code no voucher can have (too long, or spaces inside) is refused without asking the server. */
export const locallyInvalid = (code: string) => code.length > MAX_CODE_LENGTH || /\s/.test(code);
