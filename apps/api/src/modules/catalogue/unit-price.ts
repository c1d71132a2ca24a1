import type { UnitPrice, UnitPricePer } from '@pasal/contract/catalogue';
import { toRupees } from '../../lib/money';

// A product's size is read from its unit text ("25 kg", "500 ml", "1.5 L", "20 pcs", "dozen"),
// the one field staff already keep (docs/decisions/052). Anything else ("bunch", "9 m") has no
// unit price rather than a guessed one.

/** A size as an exact fraction of the unit it is priced per: `numerator / denominator` of a kg, L or piece. */
export interface PackSize {
  per: UnitPricePer;
  numerator: bigint;
  denominator: bigint;
}

const UNITS: Record<string, { per: UnitPricePer; denominator: bigint; factor: bigint }> = {
  g: { per: 'kg', denominator: 1000n, factor: 1n },
  gm: { per: 'kg', denominator: 1000n, factor: 1n },
  gram: { per: 'kg', denominator: 1000n, factor: 1n },
  grams: { per: 'kg', denominator: 1000n, factor: 1n },
  kg: { per: 'kg', denominator: 1n, factor: 1n },
  ml: { per: 'l', denominator: 1000n, factor: 1n },
  l: { per: 'l', denominator: 1n, factor: 1n },
  ltr: { per: 'l', denominator: 1n, factor: 1n },
  litre: { per: 'l', denominator: 1n, factor: 1n },
  liter: { per: 'l', denominator: 1n, factor: 1n },
  pc: { per: 'piece', denominator: 1n, factor: 1n },
  pcs: { per: 'piece', denominator: 1n, factor: 1n },
  piece: { per: 'piece', denominator: 1n, factor: 1n },
  pieces: { per: 'piece', denominator: 1n, factor: 1n },
  dozen: { per: 'piece', denominator: 1n, factor: 12n },
};

const AMOUNT_AND_UNIT = /^(\d{1,6})(?:\.(\d{1,3}))?\s*([a-z]+)$/;
const COUNTED = /^(?:pack|tray|carton|box) of (\d{1,6})$/;

/** The size a unit text names, or null when it names none this shop prices by. */
export function packSize(unit: string): PackSize | null {
  const text = unit.trim().toLowerCase();
  const counted = COUNTED.exec(text);
  if (counted) return positive({ per: 'piece', numerator: BigInt(counted[1]), denominator: 1n });
  const bare = UNITS[text];
  if (bare) return { per: bare.per, numerator: bare.factor, denominator: bare.denominator };
  const match = AMOUNT_AND_UNIT.exec(text);
  const known = match ? UNITS[match[3]] : undefined;
  if (!match || !known) return null;
  const decimals = match[2] ?? '';
  const scale = 10n ** BigInt(decimals.length);
  return positive({
    per: known.per,
    numerator: BigInt(match[1] + decimals) * known.factor,
    denominator: known.denominator * scale,
  });
}

function positive(size: PackSize): PackSize | null {
  return size.numerator > 0n ? size : null;
}

/** How large the size is, for ordering a group's sizes (within one kind of unit). */
export function sizeOrder(size: PackSize | null): number {
  return size ? Number(size.numerator) / Number(size.denominator) : Number.POSITIVE_INFINITY;
}

/** Price per kg, L or piece, rounded half up to the paisa, by integer arithmetic only. */
export function unitPricePaisa(pricePaisa: number, size: PackSize): number {
  const numerator = BigInt(pricePaisa) * size.denominator;
  return Number((2n * numerator + size.numerator) / (2n * size.numerator));
}

export function unitPrice(pricePaisa: number, unit: string): UnitPrice {
  const size = packSize(unit);
  return size ? { amount: toRupees(unitPricePaisa(pricePaisa, size)), per: size.per } : null;
}
