const COUNT_PREFIX = /^\(\d+\) /;

/** "(3) Orders | Console | Pasal" for 3 unseen orders; the title as it was for none. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(COUNT_PREFIX, '');
  return count > 0 ? `(${count}) ${bare}` : bare;
}
