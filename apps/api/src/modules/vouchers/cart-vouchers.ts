import type { CartVoucher, CartVoucherList } from '@pasal/contract/voucher';
import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { vouchers } from '../../db/schema/shopping';
import { toRupees } from '../../lib/money';
import { evaluateVoucherRow, toVoucher } from './voucher-service';

/** At most this many listed codes are looked at per request (each may count its uses). */
export const LISTED_VOUCHERS_MAX = 20;

interface Ranked {
  entry: CartVoucher;
  savingPaisa: number;
  missingPaisa: number;
}

/**
 * The listed codes (decision 055) as they stand against this cart: those that apply, with the
 * saving evaluateVoucherRow computes (the same as applying gives), and those the cart is short of,
 * with the rupees missing. Codes this customer cannot use for any other reason are left out.
 */
export async function listCartVouchers(
  db: DbOrTx,
  userId: number,
  basePaisa: number,
  now = new Date(),
): Promise<CartVoucherList> {
  // A cheap first cut in SQL; evaluateVoucherRow re-checks every rule.
  const rows = await db
    .select()
    .from(vouchers)
    .where(
      and(
        eq(vouchers.isListed, true),
        eq(vouchers.isActive, true),
        or(isNull(vouchers.validFrom), lte(vouchers.validFrom, now)),
        or(isNull(vouchers.validTo), gt(vouchers.validTo, now)),
      ),
    )
    .orderBy(asc(vouchers.id))
    .limit(LISTED_VOUCHERS_MAX);
  const ranked: Ranked[] = [];
  for (const row of rows) {
    const result = await evaluateVoucherRow(db, row, { userId, basePaisa, now });
    if (result.ok) {
      ranked.push({
        entry: {
          voucher: toVoucher(row),
          applicable: true,
          saving: toRupees(result.discountPaisa),
          missing: 0,
        },
        savingPaisa: result.discountPaisa,
        missingPaisa: 0,
      });
    } else if (result.reason === 'below_minimum' && result.minimumPaisa !== undefined) {
      const missingPaisa = result.minimumPaisa - basePaisa;
      ranked.push({
        entry: { voucher: toVoucher(row), applicable: false, saving: 0, missing: toRupees(missingPaisa) },
        savingPaisa: 0,
        missingPaisa,
      });
    }
  }
  // Applicable first, biggest saving first; then the nearest minimum first; the code settles ties.
  ranked.sort(
    (a, b) =>
      Number(b.entry.applicable) - Number(a.entry.applicable) ||
      b.savingPaisa - a.savingPaisa ||
      a.missingPaisa - b.missingPaisa ||
      a.entry.voucher.code.localeCompare(b.entry.voucher.code),
  );
  return { cart_total: toRupees(basePaisa), results: ranked.map((r) => r.entry) };
}
