import type { AdminStation } from '@pasal/contract/admin-stations';
import { describe, expect, it } from 'vitest';
import { coverageBody, stationBody, stationToForm } from './station-form';

const station: AdminStation = {
  id: 2,
  name: 'Baneshwor',
  address: 'New Baneshwor',
  location: {
    municipality_id: 11,
    municipality: 'Kathmandu Metropolitan City',
    district_id: 5,
    district: 'Kathmandu',
    province_id: 3,
    province: 'Bagmati',
  },
  is_active: true,
  rule: { base_charge: 100, base_km: 3, per_km_charge: 20, free_from: 2000, same_day_km: 10 },
  coverage: [],
  delivery_slots: { cutoff_minutes: 60, slots: [] },
  version: 6,
};

describe('the station form', () => {
  it('leaves blank charge-rule fields out of a new station, so the server’s defaults apply', () => {
    const values = stationToForm(undefined);
    const location = { ...values.location, province_id: 3, district_id: 5, municipality_id: 11 };
    expect(stationBody({ ...values, name: 'Patan', location, base_charge: '80.50' }, undefined)).toEqual({
      ok: true,
      body: { name: 'Patan', address: '', municipality: 11, is_active: true, base_charge: 80.5 },
    });
  });

  it('wants a name and the local level it stands in', () => {
    expect(stationBody(stationToForm(undefined), undefined)).toEqual({
      ok: false,
      errors: { name: 'Name is required', municipality: 'Local level is required' },
    });
  });

  it('an edit sends the changed rule parameters with the version; blank "free from" means never free', () => {
    const values = { ...stationToForm(station), free_from: '', per_km_charge: '25' };
    expect(stationBody(values, station)).toEqual({
      ok: true,
      body: { version: 6, per_km_charge: 25, free_from: null },
    });
  });

  it('checks every coverage row and names the place of a wrong one', () => {
    const row = { municipality_id: 11, municipality: 'Kathmandu', district: 'Kathmandu', distance: '4.25' };
    expect(coverageBody([row])).toEqual({ ok: true, coverage: [{ municipality: 11, distance_km: 4.25 }] });
    expect(coverageBody([{ ...row, distance: '' }])).toEqual({
      ok: false,
      error: 'Kathmandu: Enter the road distance',
    });
    expect(coverageBody([{ ...row, distance: '1.234' }])).toEqual({
      ok: false,
      error: 'Kathmandu: distance_km can have at most 2 decimals',
    });
  });
});
