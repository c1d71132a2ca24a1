import type { DeliverySlotsResponse, SlotOption } from '@pasal/contract/delivery-slots';
import { useCallback, useEffect, useState } from 'react';
import { apiClient } from '../../lib/api-client';

export type { SlotOption };

/** GET /order/delivery-slots/: today's and tomorrow's slots of the station delivering to the address. */
export async function listDeliverySlots(addressId: number, signal?: AbortSignal): Promise<SlotOption[]> {
  const res = await apiClient.get<DeliverySlotsResponse>('/order/delivery-slots/', {
    params: { address_id: addressId },
    signal,
  });
  return res.data?.data?.slots ?? [];
}

export interface DeliverySlots {
  /** Null while loading; empty when the station offers none (or the call failed). */
  slots: SlotOption[] | null;
  reload(): void;
}

/** The chosen address's slots, asked again when the address changes or after a refusal. */
export function useDeliverySlots(addressId: number | null): DeliverySlots {
  const [slots, setSlots] = useState<SlotOption[] | null>(null);
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks again
  useEffect(() => {
    setSlots(null);
    if (addressId === null) return;
    const controller = new AbortController();
    listDeliverySlots(addressId, controller.signal).then(
      (list) => !controller.signal.aborted && setSlots(list),
      // A failed call offers none: the checkout's answer then says whether a slot is needed.
      () => !controller.signal.aborted && setSlots([]),
    );
    return () => controller.abort();
  }, [addressId, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { slots, reload };
}

/** A slot is named by its id and day ("3@2026-11-26"). */
export const slotKey = (slot: { id: number; date: string }) => `${slot.id}@${slot.date}`;
