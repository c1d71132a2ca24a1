import {
  type AdminStation,
  type AdminStationCreate,
  type AdminStationUpdate,
  adminStationCreate,
  coverageInput,
} from '@pasal/contract/admin-stations';
import type { FieldSpec } from '../../components/console/form-fields';
import {
  changedFields,
  checkBody,
  type FieldErrors,
  numberOrNull,
  numberOrText,
  numberText,
} from '../../components/console/form-values';
import { type LocalLevel, noLocalLevel } from './local-level-picker';

export interface StationFormValues {
  name: string;
  address: string;
  location: LocalLevel;
  is_active: boolean;
  base_charge: string;
  base_km: string;
  per_km_charge: string;
  /** Blank: never free. */
  free_from: string;
  same_day_km: string;
}

export const STATION_LABELS: Record<string, string> = {
  name: 'Name',
  address: 'Address',
  location: 'Location',
  is_active: 'Active',
  rule: 'Charge rule',
};

export function stationToForm(s: AdminStation | undefined): StationFormValues {
  return {
    name: s?.name ?? '',
    address: s?.address ?? '',
    location: s
      ? {
          province_id: s.location.province_id,
          district_id: s.location.district_id,
          municipality_id: s.location.municipality_id,
          name: s.location.municipality,
          district: s.location.district,
        }
      : noLocalLevel,
    is_active: s?.is_active ?? true,
    // A new station starts from the documented defaults, which the server also applies.
    base_charge: s ? numberText(s.rule.base_charge) : '',
    base_km: s ? numberText(s.rule.base_km) : '',
    per_km_charge: s ? numberText(s.rule.per_km_charge) : '',
    free_from: numberText(s?.rule.free_from),
    same_day_km: s ? numberText(s.rule.same_day_km) : '',
  };
}

function formBody(values: StationFormValues, creating: boolean) {
  const body: Record<string, unknown> = {
    name: values.name,
    address: values.address,
    municipality: values.location.municipality_id ?? undefined,
    is_active: values.is_active,
    base_charge: numberOrText(values.base_charge),
    base_km: numberOrText(values.base_km),
    per_km_charge: numberOrText(values.per_km_charge),
    free_from: creating && values.free_from.trim() === '' ? undefined : numberOrNull(values.free_from),
    same_day_km: numberOrText(values.same_day_km),
  };
  // Left blank on a new station: the server's defaults.
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

export function stationBody(
  values: StationFormValues,
  station: AdminStation | undefined,
): { ok: true; body: AdminStationCreate | AdminStationUpdate } | { ok: false; errors: FieldErrors } {
  const body = formBody(values, !station);
  const checked = checkBody(adminStationCreate, body);
  if (!checked.ok) return checked;
  if (!station) return { ok: true, body: body as AdminStationCreate };
  return {
    ok: true,
    body: { version: station.version, ...changedFields(formBody(stationToForm(station), false), body) },
  };
}

export interface CoverageRow {
  municipality_id: number;
  municipality: string;
  district: string;
  distance: string;
}

/** The coverage list as the PUT sends it, checked by the contract; errors name the row's place. */
export function coverageBody(
  rows: CoverageRow[],
): { ok: true; coverage: { municipality: number; distance_km: number }[] } | { ok: false; error: string } {
  const coverage = rows.map((r) => ({
    municipality: r.municipality_id,
    distance_km: numberOrText(r.distance),
  }));
  const result = coverageInput.safeParse(coverage);
  if (result.success) return { ok: true, coverage: result.data };
  const issue = result.error.issues[0];
  const row = typeof issue.path[0] === 'number' ? rows[issue.path[0]] : undefined;
  const message =
    row && coverage[issue.path[0] as number].distance_km === undefined
      ? 'Enter the road distance'
      : issue.message;
  return { ok: false, error: row ? `${row.municipality}: ${message}` : message };
}

/** The station dialog's delivery charge rule, five to a row from md up. */
export const STATION_RULE_FIELDS: readonly FieldSpec<StationFormValues>[] = [
  { name: 'base_charge', label: 'Base charge (Rs)', inputMode: 'decimal', className: 'col-6 col-md-4 mb-3' },
  { name: 'base_km', label: 'Base km', inputMode: 'numeric', className: 'col-6 col-md-4 mb-3' },
  {
    name: 'per_km_charge',
    label: 'Per-km charge (Rs)',
    inputMode: 'decimal',
    className: 'col-6 col-md-4 mb-3',
  },
  {
    name: 'free_from',
    label: 'Free from (Rs)',
    inputMode: 'decimal',
    className: 'col-6 col-md-4 mb-3',
    hint: 'Orders worth this much travel free; blank: never',
  },
  {
    name: 'same_day_km',
    label: 'Same-day km',
    inputMode: 'numeric',
    className: 'col-6 col-md-4 mb-3',
    hint: 'Same day up to this distance',
  },
];
