// Its own file: orders.ts (the customer's order history) and riders.ts (the rider's screen) both
// name these, and riders.ts imports orders.ts (a cycle would leave one side undefined at load).

/**
 * Why a delivery failed, as the rider picks it: kept as this code (the English text), shown to the
 * customer in their language (the order page, the SMS and e-mail).
 */
export const NOT_DELIVERED_REASONS = [
  'Customer not reachable',
  'Customer not at home',
  'Address not found',
  'Customer refused the order',
  'Other',
] as const;
export type NotDeliveredReason = (typeof NOT_DELIVERED_REASONS)[number];
