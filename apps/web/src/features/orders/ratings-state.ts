import type { DeliveredProduct } from '@pasal/contract/orders';

/** What the Ratings tab shows: the delivered products still to rate, and whether any was rated. */
export function ratingsState(products: DeliveredProduct[]) {
  return {
    toRate: products.filter((p) => !p.reviewed),
    ratedAny: products.some((p) => p.reviewed),
  };
}
