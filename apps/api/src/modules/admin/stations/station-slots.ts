import type { AdminStation } from '@pasal/contract/admin-stations';
import type { adminSlotsReplace } from '@pasal/contract/delivery-slots';
import { and, eq, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client';
import { deliverySlots, deliveryStations } from '../../../db/schema/locations';
import { AppError } from '../../../lib/errors';
import { recordAudit } from '../audit/audit-log';
import { lockRecord } from '../audited-change';
import { checkVersion } from '../stale-edit';
import { stationResource, stationView } from './station-service';

export const unknownSlots = (ids: number[]) => `Unknown slot: ${ids.join(', ')}`;

type SlotsInput = z.output<typeof adminSlotsReplace>;

/**
 * Writes the station's new set of slots: listed ids are changed in place (their orders keep
 * counting against them), new ones added, the rest removed (orders keep their copied times).
 */
async function writeSlots(tx: DbOrTx, stationId: number, body: SlotsInput): Promise<void> {
  const current = await tx
    .select({ id: deliverySlots.id })
    .from(deliverySlots)
    .where(eq(deliverySlots.stationId, stationId));
  const own = new Set(current.map((row) => row.id));
  const foreign = body.slots.flatMap((slot) => (slot.id !== undefined && !own.has(slot.id) ? [slot.id] : []));
  if (foreign.length > 0) {
    const message = unknownSlots(foreign);
    throw new AppError(400, message, { error: { slots: [message] } });
  }
  const kept = body.slots.flatMap((slot) => (slot.id === undefined ? [] : [slot.id]));
  await tx
    .delete(deliverySlots)
    .where(
      and(
        eq(deliverySlots.stationId, stationId),
        kept.length > 0 ? notInArray(deliverySlots.id, kept) : undefined,
      ),
    );
  for (const slot of body.slots) {
    const values = { startsMinute: slot.starts, endsMinute: slot.ends, capacity: slot.capacity };
    if (slot.id === undefined) await tx.insert(deliverySlots).values({ stationId, ...values });
    else await tx.update(deliverySlots).set(values).where(eq(deliverySlots.id, slot.id));
  }
}

/** The station's new slots and cut-off, replacing the old ones; raises the version (audited). */
export async function replaceSlots(
  db: Db,
  staffId: number,
  stationId: number,
  body: SlotsInput,
): Promise<AdminStation> {
  return db.transaction(async (tx) => {
    const row = await lockRecord(tx, stationResource, stationId);
    const before = await stationView(tx, stationId);
    await checkVersion(body.version, row, () => before);
    await writeSlots(tx, stationId, body);
    await tx
      .update(deliveryStations)
      .set({ slotCutoffMinutes: body.cutoff_minutes, version: row.version + 1 })
      .where(eq(deliveryStations.id, stationId));
    const after = await stationView(tx, stationId);
    await recordAudit(tx, {
      staffId,
      entity: 'delivery_station',
      entityId: stationId,
      action: 'slots_replace',
      before: { delivery_slots: before.delivery_slots, version: before.version },
      after: { delivery_slots: after.delivery_slots, version: after.version },
    });
    return after;
  });
}
