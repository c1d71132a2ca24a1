/** Splits rows into groups so one INSERT stays well below PostgreSQL's 65 535 parameter limit. */
export function chunks<T>(items: T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}
