// The tax invoice's figures, in integer paisa (docs/back-office-vat.md). Prices include 13 % VAT.
// - The discount is spread over the lines pro rata to their amounts, each share rounded down; the
//   paisa left over go one by one to the largest lines (never beyond a line's own amount).
// - The delivery charge is a taxable supply at 13 %.
// - VAT = 13/113 of the taxable amount including VAT, once per invoice, rounded to the nearest
//   paisa with halves up; the taxable value is that amount less the VAT.
// So taxable + VAT + exempt = subtotal − discount + delivery charge = the order's total, exactly.

export type TaxClass = 'vat13' | 'exempt';

export interface FigureLine {
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  taxClass: TaxClass;
}

export interface InvoiceFigures {
  /** Each line's share of the discount, in the lines' order. */
  discountShares: number[];
  subtotal: number;
  discount: number;
  deliveryCharge: number;
  /** Taxable value without VAT. */
  taxable: number;
  exempt: number;
  vat: number;
  total: number;
}

/** 13/113 of an amount including VAT, to the nearest paisa, halves up. */
export function vatIncluded(grossPaisa: number): number {
  return Math.floor((grossPaisa * 13 * 2 + 113) / 226);
}

/** Splits `discount` over `amounts` pro rata (rounded down), the rest to the largest first. */
export function apportion(discount: number, amounts: readonly number[]): number[] {
  const base = amounts.reduce((sum, a) => sum + a, 0);
  if (discount <= 0 || base <= 0) return amounts.map(() => 0);
  const capped = Math.min(discount, base);
  // BigInt: amount × discount can pass 2^53 for large orders.
  const shares = amounts.map((a) => Number((BigInt(a) * BigInt(capped)) / BigInt(base)));
  let rest = capped - shares.reduce((sum, s) => sum + s, 0);
  const largestFirst = amounts.map((_, i) => i).sort((i, j) => amounts[j] - amounts[i] || i - j);
  while (rest > 0) {
    for (const i of largestFirst) {
      if (rest === 0) break;
      if (shares[i] < amounts[i]) {
        shares[i] += 1;
        rest -= 1;
      }
    }
  }
  return shares;
}

export function invoiceFigures(
  lines: readonly FigureLine[],
  discount: number,
  deliveryCharge: number,
): InvoiceFigures {
  const amounts = lines.map((l) => l.lineTotal);
  const subtotal = amounts.reduce((sum, a) => sum + a, 0);
  const shares = apportion(discount, amounts);
  let taxableGross = deliveryCharge;
  let exempt = 0;
  lines.forEach((line, i) => {
    const net = line.lineTotal - shares[i];
    if (line.taxClass === 'exempt') exempt += net;
    else taxableGross += net;
  });
  const vat = vatIncluded(taxableGross);
  return {
    discountShares: shares,
    subtotal,
    discount,
    deliveryCharge,
    taxable: taxableGross - vat,
    exempt,
    vat,
    total: taxableGross + exempt,
  };
}
