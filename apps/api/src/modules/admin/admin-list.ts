import { type AnyColumn, and, asc, desc, ilike, or, type SQL } from 'drizzle-orm';

// Paging, sorting and searching of the console's lists, all done by the database.

export interface ListParams {
  page: number;
  page_size: number;
  order: 'asc' | 'desc';
}

export function pageWindow(params: ListParams): { limit: number; offset: number } {
  return { limit: params.page_size, offset: (params.page - 1) * params.page_size };
}

export function pageAnswer<T>(params: ListParams, count: number, results: T[]) {
  return { count, page: params.page, page_size: params.page_size, results };
}

/** ORDER BY the chosen column, then the id the same way, so pages never overlap. */
export function sortBy(column: AnyColumn | SQL, order: 'asc' | 'desc', id: AnyColumn): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  return [direction(column), direction(id)];
}

/** Escapes LIKE wildcards so a search for "50%" looks for the text "50%". */
export function containing(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Every space-separated word of q must appear (ignoring case) in one of the columns. */
export function everyWord(q: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  const words = (q ?? '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => or(...columns.map((column) => ilike(column, containing(word))))));
}

/** The whole of q as a positive id when it is one (so staff can paste an id into the search box). */
export function idOf(q: string | undefined): number | undefined {
  const text = q?.trim() ?? '';
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
}
