import { useEffect, useState } from 'react';
import { type DeliveryInfo, quoteDelivery, refusalOf } from './checkout-api';
import { CHECKOUT_TEXTS } from './checkout-texts';

export interface DeliveryQuote {
  info: DeliveryInfo;
  loading: boolean;
  /** The address is one no station serves (the server said so). */
  undeliverable: boolean;
}

const ZERO: DeliveryInfo = {
  delivery_charge: 0,
  delivery_time: null,
  distance: null,
  free_delivery_from: null,
};

/**
 * The server's delivery charge for the chosen address and the cart's lines, asked again whenever
 * either changes (shopping.md §4). A failed call falls back to 0 silently (§7); an address nobody
 * delivers to is reported so the page can say so.
 */
export function useDeliveryQuote(
  addressId: number | null,
  lines: { product_id: number; quantity: number }[],
): DeliveryQuote {
  const key = lines.map((l) => `${l.product_id}x${l.quantity}`).join(',');
  const [quote, setQuote] = useState<DeliveryQuote>({ info: ZERO, loading: false, undeliverable: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the lines
  useEffect(() => {
    const controller = new AbortController();
    setQuote((q) => ({ ...q, loading: addressId !== null && lines.length > 0 }));
    quoteDelivery(addressId, lines, controller.signal).then(
      (info) => !controller.signal.aborted && setQuote({ info, loading: false, undeliverable: false }),
      (error) => {
        if (controller.signal.aborted) return;
        const undeliverable = refusalOf(error)?.message === CHECKOUT_TEXTS.noStations;
        setQuote({ info: ZERO, loading: false, undeliverable });
      },
    );
    return () => controller.abort();
  }, [addressId, key]);
  return quote;
}
