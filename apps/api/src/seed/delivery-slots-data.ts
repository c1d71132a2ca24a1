import type { DbOrTx } from '../db/client';
import { deliverySlots, deliveryStations } from '../db/schema/locations';

/** The demo shop's day (Nepal time): morning, midday and afternoon, 40 orders each (decision 058). */
export const DEMO_SLOTS = [
  { startsMinute: 9 * 60, endsMinute: 12 * 60, capacity: 40 },
  { startsMinute: 12 * 60, endsMinute: 15 * 60, capacity: 40 },
  { startsMinute: 15 * 60, endsMinute: 18 * 60, capacity: 40 },
];

/** Every demo station offers the demo slots (the stations keep their 60-minute default cut-off). */
export async function seedDeliverySlots(tx: DbOrTx): Promise<void> {
  const stations = await tx.select({ id: deliveryStations.id }).from(deliveryStations);
  if (stations.length === 0) return;
  await tx
    .insert(deliverySlots)
    .values(stations.flatMap((station) => DEMO_SLOTS.map((slot) => ({ stationId: station.id, ...slot }))));
}
