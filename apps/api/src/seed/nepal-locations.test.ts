import { describe, expect, it } from 'vitest';
import { loadNepalLocations } from './locations';

// The repository's own location data, checked against facts about Nepal's federal structure
// (2015 constitution, 2017 local levels). The seed loads exactly this file.
const data = loadNepalLocations();
// Devanagari, spaces and punctuation; zero-width (non-)joiners shape conjuncts in some names.
const DEVANAGARI = /^(?:[\u0900-\u097F ().-]|\u200C|\u200D)+$/;

function duplicates(values: (string | number)[]): (string | number)[] {
  const seen = new Set<string | number>();
  return values.filter((value) => seen.has(value) || !seen.add(value));
}

function countBy<T>(rows: T[], key: (row: T) => string | number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[key(row)] = (counts[key(row)] ?? 0) + 1;
  return counts;
}

describe('nepal-locations.json', () => {
  it('has 7 provinces, 77 districts and 753 local levels, with no id twice', () => {
    expect(data.provinces).toHaveLength(7);
    expect(data.districts).toHaveLength(77);
    expect(data.municipalities).toHaveLength(753);
    for (const rows of [data.provinces, data.districts, data.municipalities]) {
      expect(duplicates(rows.map((row) => row.id))).toEqual([]);
      for (const row of rows) expect(Number.isInteger(row.id) && row.id > 0, String(row.id)).toBe(true);
    }
  });

  it('puts every district in an existing province, with the right number per province', () => {
    const provinceIds = new Set(data.provinces.map((p) => p.id));
    expect(data.districts.filter((d) => !provinceIds.has(d.province_id))).toEqual([]);
    const byProvince = new Map(data.provinces.map((p) => [p.name, 0]));
    const provinceName = new Map(data.provinces.map((p) => [p.id, p.name]));
    for (const d of data.districts) {
      const name = provinceName.get(d.province_id)!;
      byProvince.set(name, byProvince.get(name)! + 1);
    }
    expect(Object.fromEntries(byProvince)).toEqual({
      'Koshi Province': 14,
      'Madhesh Province': 8,
      'Bagmati Province': 13,
      'Gandaki Province': 11,
      'Lumbini Province': 12,
      'Karnali Province': 10,
      'Sudurpaschim Province': 9,
    });
  });

  it('puts every local level in an existing district, each district having at least one', () => {
    const districtIds = new Set(data.districts.map((d) => d.id));
    expect(data.municipalities.filter((m) => !districtIds.has(m.district_id))).toEqual([]);
    const withLocalLevels = new Set(data.municipalities.map((m) => m.district_id));
    expect(data.districts.filter((d) => !withLocalLevels.has(d.id))).toEqual([]);
  });

  it('has English and Nepali names on every row, neither blank', () => {
    const rows = [...data.provinces, ...data.districts, ...data.municipalities];
    for (const row of rows) {
      const where = `id ${row.id} (${row.name})`;
      expect(typeof row.name, where).toBe('string');
      expect(row.name.trim(), where).not.toBe('');
      expect(row.name, where).toMatch(/^[A-Za-z][A-Za-z .'()-]*$/);
      expect(typeof row.name_ne, where).toBe('string');
      expect(row.name_ne.trim(), where).not.toBe('');
      expect(row.name_ne, where).toMatch(DEVANAGARI);
    }
  });

  it('never repeats a name within the same parent, in English or in Nepali', () => {
    const within = <T extends { name: string; name_ne: string }>(rows: T[], parent: (row: T) => number) => [
      ...duplicates(rows.map((row) => `${parent(row)}|${row.name.toLowerCase()}`)),
      ...duplicates(rows.map((row) => `${parent(row)}|${row.name_ne}`)),
    ];
    expect(within(data.provinces, () => 0)).toEqual([]);
    expect(within(data.districts, (d) => d.province_id)).toEqual([]);
    expect(within(data.municipalities, (m) => m.district_id)).toEqual([]);
  });

  it('has 6 metropolitan cities, 11 sub-metropolitan cities, 276 municipalities and 460 rural municipalities', () => {
    expect(countBy(data.municipalities, (m) => m.type)).toEqual({
      metropolitan_city: 6,
      sub_metropolitan_city: 11,
      municipality: 276,
      rural_municipality: 460,
    });
    const districtName = new Map(data.districts.map((d) => [d.id, d.name]));
    const metropolitan = data.municipalities
      .filter((m) => m.type === 'metropolitan_city')
      .map((m) => `${m.name} (${districtName.get(m.district_id)})`)
      .sort();
    expect(metropolitan).toEqual([
      'Bharatpur (Chitwan)',
      'Biratnagar (Morang)',
      'Birgunj (Parsa)',
      'Kathmandu (Kathmandu)',
      'Lalitpur (Lalitpur)',
      'Pokhara (Kaski)',
    ]);
  });

  it('gives every local level a plausible number of wards', () => {
    for (const m of data.municipalities) {
      expect(Number.isInteger(m.wards) && m.wards >= 1 && m.wards <= 40, `${m.name}: ${m.wards}`).toBe(true);
    }
    // 6,743 wards in all since the 2017 restructuring.
    expect(data.municipalities.reduce((sum, m) => sum + m.wards, 0)).toBe(6743);
  });
});
