import { localName } from '../i18n/local-name';

/** What an address (saved, or an order's snapshot) says of where it is. */
export interface PlaceParts {
  location: string;
  land_mark: string;
  municipality: string;
  municipality_ne: string | null;
  district: string;
  district_ne: string | null;
  province: string;
  province_ne: string | null;
}

/** The address on one line, its local level, district and province named in the page's language. */
export function placeLine(a: PlaceParts): string {
  return [
    a.location,
    a.land_mark,
    localName(a.municipality, a.municipality_ne).text,
    localName(a.district, a.district_ne).text,
    localName(a.province, a.province_ne).text,
  ]
    .filter(Boolean)
    .join(', ');
}
