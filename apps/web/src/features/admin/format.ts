import { formatRs2 } from '../../lib/money';

/** Rupees as the console shows them: "Rs 1,234.50". */
export const formatRupees = formatRs2;

/** A console time (ISO 8601 already in Nepal time) as "2025-10-01 09:30". */
export function formatNepalTime(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match ? `${match[1]} ${match[2]}` : iso;
}
