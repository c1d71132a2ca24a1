// Money arrives and is shown in rupees (at most 2 decimals); sums, products and differences are
// taken in integer paisa so no floating point error creeps into a total.

export const toPaisa = (rupees: number) => Math.round(rupees * 100);
export const toRupees = (paisa: number) => paisa / 100;

/** Σ rate × quantity in paisa. */
export const linesTotalPaisa = (lines: { rate: number; quantity: number }[]) =>
  lines.reduce((sum, l) => sum + toPaisa(l.rate) * l.quantity, 0);
