import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deliveryStations, stationCoverage } from '../../db/schema/locations';

/** The delivery charge rule's parameters, as a station keeps them (docs/delivery-charge.md). */
export interface DeliveryRule {
  baseChargePaisa: number;
  baseKm: number;
  perKmPaisa: number;
  /** Carts worth at least this travel free; null: never free. */
  freeFromPaisa: number | null;
  sameDayMaxKm: number;
}

export interface ServingStation {
  id: number;
  name: string;
  address: string;
  /** Road distance to the local level in hundredths of a km (integer, exact from numeric(6,2)). */
  distanceCentiKm: number;
  rule: DeliveryRule;
}

/** Active stations that deliver to a local level, nearest first (ties by id, so the order is stable). */
export async function findServingStations(db: DbOrTx, municipalityId: number): Promise<ServingStation[]> {
  const rows = await db
    .select({
      id: deliveryStations.id,
      name: deliveryStations.name,
      address: deliveryStations.address,
      distanceCentiKm: sql<number>`(${stationCoverage.distanceKm} * 100)::integer`.mapWith(Number),
      baseChargePaisa: deliveryStations.baseChargePaisa,
      baseKm: deliveryStations.baseKm,
      perKmPaisa: deliveryStations.perKmPaisa,
      freeFromPaisa: deliveryStations.freeFromPaisa,
      sameDayMaxKm: deliveryStations.sameDayMaxKm,
    })
    .from(stationCoverage)
    .innerJoin(deliveryStations, eq(deliveryStations.id, stationCoverage.stationId))
    .where(and(eq(stationCoverage.municipalityId, municipalityId), eq(deliveryStations.isActive, true)))
    .orderBy(asc(stationCoverage.distanceKm), asc(deliveryStations.id));
  return rows.map(toServingStation);
}

/** A station row as `findServingStations` selects it (field names), for a caller that reads it itself. */
export interface StationRow extends DeliveryRule {
  id: number;
  name: string;
  address: string;
  distanceCentiKm: number;
}

export function toServingStation(row: StationRow): ServingStation {
  const { baseChargePaisa, baseKm, perKmPaisa, freeFromPaisa, sameDayMaxKm, ...station } = row;
  return { ...station, rule: { baseChargePaisa, baseKm, perKmPaisa, freeFromPaisa, sameDayMaxKm } };
}

/** Distance for the wire: km as a number (not money, so a float is fine). */
export function centiKmToKm(centiKm: number): number {
  return centiKm / 100;
}
