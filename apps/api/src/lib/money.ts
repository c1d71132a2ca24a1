// Prices are kept in integer paisa; the API speaks rupees with at most 2 decimals.
export function toRupees(paisa: number): number {
  return Math.round(paisa) / 100;
}

export function toPaisa(rupees: number): number {
  return Math.round(rupees * 100);
}
