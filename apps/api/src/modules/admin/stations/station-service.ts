import type {
  AdminStation,
  AdminStationPage,
  adminCoverageReplace,
  adminStationCreate,
  adminStationListQuery,
  adminStationUpdate,
  CoverageEntry,
} from '@pasal/contract/admin-stations';
import { slotTime } from '@pasal/contract/delivery-slots';
import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client';
import { qualified } from '../../../db/qualified';
import {
  deliverySlots,
  deliveryStations,
  districts,
  municipalities,
  provinces,
  stationCoverage,
} from '../../../db/schema/locations';
import { AppError, FieldError, NotFoundError } from '../../../lib/errors';
import { toPaisa, toRupees } from '../../../lib/money';
import { everyWord, pageAnswer, pageWindow, sortBy } from '../admin-list';
import { recordAudit } from '../audit/audit-log';
import { type AuditedResource, auditedCreate, auditedUpdate, lockRecord } from '../audited-change';
import { checkVersion } from '../stale-edit';

export const STATION_NOT_FOUND = 'Delivery station not found.';
export const LOCAL_LEVEL_NOT_FOUND = 'Local level not found.';
export const unknownLocalLevels = (ids: number[]) => `Unknown local level: ${ids.join(', ')}`;

const placeColumns = {
  municipalityName: municipalities.name,
  districtId: districts.id,
  districtName: districts.name,
  provinceId: provinces.id,
  provinceName: provinces.name,
};

const slotCount = sql<number>`(
  select count(*) from ${deliverySlots} where ${qualified(deliverySlots.stationId)} = ${qualified(deliveryStations.id)}
)::int`.mapWith(Number);

const coverageCount = sql<number>`(
  select count(*) from ${stationCoverage} where ${qualified(stationCoverage.stationId)} = ${qualified(deliveryStations.id)}
)::int`.mapWith(Number);

function selectStations(db: DbOrTx) {
  return db
    .select({ station: getTableColumns(deliveryStations), ...placeColumns, coverageCount, slotCount })
    .from(deliveryStations)
    .innerJoin(municipalities, eq(municipalities.id, deliveryStations.municipalityId))
    .innerJoin(districts, eq(districts.id, municipalities.districtId))
    .innerJoin(provinces, eq(provinces.id, districts.provinceId));
}

type SelectedStation = Awaited<ReturnType<ReturnType<typeof selectStations>['where']>>[number];

function toListItem(row: SelectedStation) {
  const s = row.station;
  return {
    id: s.id,
    name: s.name,
    address: s.address,
    location: {
      municipality_id: s.municipalityId,
      municipality: row.municipalityName,
      district_id: row.districtId,
      district: row.districtName,
      province_id: row.provinceId,
      province: row.provinceName,
    },
    is_active: s.isActive,
    rule: {
      base_charge: toRupees(s.baseChargePaisa),
      base_km: s.baseKm,
      per_km_charge: toRupees(s.perKmPaisa),
      free_from: s.freeFromPaisa === null ? null : toRupees(s.freeFromPaisa),
      same_day_km: s.sameDayMaxKm,
    },
    version: s.version,
    coverage_count: row.coverageCount,
    slot_count: row.slotCount,
  };
}

async function loadCoverage(db: DbOrTx, stationId: number): Promise<CoverageEntry[]> {
  const rows = await db
    .select({
      municipalityId: stationCoverage.municipalityId,
      municipality: municipalities.name,
      district: districts.name,
      centiKm: sql<number>`(${stationCoverage.distanceKm} * 100)::integer`.mapWith(Number),
    })
    .from(stationCoverage)
    .innerJoin(municipalities, eq(municipalities.id, stationCoverage.municipalityId))
    .innerJoin(districts, eq(districts.id, municipalities.districtId))
    .where(eq(stationCoverage.stationId, stationId))
    .orderBy(asc(stationCoverage.distanceKm), asc(municipalities.name));
  return rows.map((row) => ({
    municipality_id: row.municipalityId,
    municipality: row.municipality,
    district: row.district,
    distance_km: row.centiKm / 100,
  }));
}

async function loadSlots(db: DbOrTx, stationId: number) {
  const rows = await db
    .select()
    .from(deliverySlots)
    .where(eq(deliverySlots.stationId, stationId))
    .orderBy(asc(deliverySlots.startsMinute));
  return rows.map((row) => ({
    id: row.id,
    starts: slotTime(row.startsMinute),
    ends: slotTime(row.endsMinute),
    capacity: row.capacity,
  }));
}

export async function stationView(db: DbOrTx, stationId: number): Promise<AdminStation> {
  const [row] = await selectStations(db).where(eq(deliveryStations.id, stationId));
  if (!row) throw new NotFoundError(STATION_NOT_FOUND);
  const { coverage_count: _count, slot_count: _slots, ...station } = toListItem(row);
  return {
    ...station,
    coverage: await loadCoverage(db, stationId),
    delivery_slots: {
      cutoff_minutes: row.station.slotCutoffMinutes,
      slots: await loadSlots(db, stationId),
    },
  };
}

const sortColumns = { name: deliveryStations.name, id: deliveryStations.id };

export async function listStations(
  db: DbOrTx,
  query: z.output<typeof adminStationListQuery>,
): Promise<AdminStationPage> {
  const where = and(
    query.active === undefined ? undefined : eq(deliveryStations.isActive, query.active),
    everyWord(query.q, [deliveryStations.name, deliveryStations.address]),
  );
  const [{ total }] = await db.select({ total: count() }).from(deliveryStations).where(where);
  const { limit, offset } = pageWindow(query);
  const rows = await selectStations(db)
    .where(where)
    .orderBy(...sortBy(sortColumns[query.sort], query.order, deliveryStations.id))
    .limit(limit)
    .offset(offset);
  return pageAnswer(query, Number(total), rows.map(toListItem));
}

async function checkLocalLevel(tx: DbOrTx, municipalityId: number): Promise<void> {
  const [row] = await tx
    .select({ id: municipalities.id })
    .from(municipalities)
    .where(eq(municipalities.id, municipalityId));
  if (!row) throw new FieldError('municipality', LOCAL_LEVEL_NOT_FOUND);
}

type CoverageInput = z.output<typeof adminCoverageReplace>['coverage'];

/** Replaces the station's coverage; every local level must exist (a 400 names the unknown ones). */
async function writeCoverage(tx: DbOrTx, stationId: number, coverage: CoverageInput): Promise<void> {
  const ids = coverage.map((entry) => entry.municipality);
  if (ids.length > 0) {
    const known = await tx
      .select({ id: municipalities.id })
      .from(municipalities)
      .where(inArray(municipalities.id, ids));
    const found = new Set(known.map((row) => row.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      const message = unknownLocalLevels(missing);
      throw new AppError(400, message, { error: { coverage: [message] } });
    }
  }
  await tx.delete(stationCoverage).where(eq(stationCoverage.stationId, stationId));
  if (coverage.length > 0) {
    await tx.insert(stationCoverage).values(
      coverage.map((entry) => ({
        stationId,
        municipalityId: entry.municipality,
        distanceKm: entry.distance_km.toFixed(2),
      })),
    );
  }
}

type StationFields = Partial<z.output<typeof adminStationUpdate>>;

function columnsOf(body: StationFields): Partial<typeof deliveryStations.$inferInsert> {
  const set: Partial<typeof deliveryStations.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.address !== undefined) set.address = body.address;
  if (body.municipality !== undefined) set.municipalityId = body.municipality;
  if (body.is_active !== undefined) set.isActive = body.is_active;
  if (body.base_charge !== undefined) set.baseChargePaisa = toPaisa(body.base_charge);
  if (body.base_km !== undefined) set.baseKm = body.base_km;
  if (body.per_km_charge !== undefined) set.perKmPaisa = toPaisa(body.per_km_charge);
  if (body.free_from !== undefined)
    set.freeFromPaisa = body.free_from === null ? null : toPaisa(body.free_from);
  if (body.same_day_km !== undefined) set.sameDayMaxKm = body.same_day_km;
  return set;
}

/** What the audit log keeps of a station (coverage has its own entries). */
function auditFields(station: AdminStation) {
  const { coverage: _coverage, delivery_slots: _slots, ...fields } = station;
  return fields;
}

export const stationResource: AuditedResource<typeof deliveryStations, AdminStation> = {
  table: deliveryStations,
  entity: 'delivery_station',
  notFound: STATION_NOT_FOUND,
  view: stationView,
  audited: auditFields,
};

export async function createStation(
  db: Db,
  staffId: number,
  body: z.output<typeof adminStationCreate>,
): Promise<AdminStation> {
  return auditedCreate(
    db,
    staffId,
    stationResource,
    async (tx) => {
      await checkLocalLevel(tx, body.municipality);
      const [row] = await tx
        .insert(deliveryStations)
        .values({ ...columnsOf(body), name: body.name, municipalityId: body.municipality })
        .returning({ id: deliveryStations.id });
      await writeCoverage(tx, row.id, body.coverage ?? []);
      return row.id;
    },
    (view) => ({ ...auditFields(view), coverage: view.coverage }),
  );
}

export async function updateStation(
  db: Db,
  staffId: number,
  stationId: number,
  body: z.output<typeof adminStationUpdate>,
): Promise<AdminStation> {
  return auditedUpdate(db, staffId, stationResource, stationId, body.version, (tx) => {
    const set = columnsOf(body);
    return {
      set,
      check: async () => {
        if (set.municipalityId !== undefined) await checkLocalLevel(tx, set.municipalityId);
      },
    };
  });
}

/** The station's new set of local levels with distances, replacing the old one; raises the version. */
export async function replaceCoverage(
  db: Db,
  staffId: number,
  stationId: number,
  body: z.output<typeof adminCoverageReplace>,
): Promise<AdminStation> {
  return db.transaction(async (tx) => {
    const row = await lockRecord(tx, stationResource, stationId);
    const before = await stationView(tx, stationId);
    await checkVersion(body.version, row, () => before);
    await writeCoverage(tx, stationId, body.coverage);
    await tx
      .update(deliveryStations)
      .set({ version: row.version + 1 })
      .where(eq(deliveryStations.id, stationId));
    const after = await stationView(tx, stationId);
    await recordAudit(tx, {
      staffId,
      entity: 'delivery_station',
      entityId: stationId,
      action: 'coverage_replace',
      before: { coverage: before.coverage, version: before.version },
      after: { coverage: after.coverage, version: after.version },
    });
    return after;
  });
}
