import type { APIRequestContext } from '@playwright/test';

export interface SeedProduct {
  id: number;
  slug: string;
  title: string;
  description: string;
  category: string;
  total_available_quantity: number;
}

const ROOT = '/api/ecommerce';

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${ROOT}${path}`);
  if (!res.ok()) throw new Error(`${path}: ${res.status()}`);
  return (await res.json()) as T;
}

/** Every active product: the list is paged, so this follows `next` to the last page. */
export async function allProducts(request: APIRequestContext): Promise<SeedProduct[]> {
  const all: SeedProduct[] = [];
  let path: string | null = `${ROOT}/products?page_size=100`;
  while (path) {
    const res = await request.get(path);
    if (!res.ok()) throw new Error(`${path}: ${res.status()}`);
    const page = (await res.json()) as { results: SeedProduct[]; next: string | null };
    all.push(...page.results);
    path = page.next;
  }
  return all;
}

/** The spec's rule, used here only to derive expectations from the seed. */
export function matches(p: SeedProduct, query: string): boolean {
  const words = query.toLowerCase().split(' ').filter(Boolean);
  const fields = [p.title, p.description, p.category].map((f) => f.toLowerCase());
  return words.every((w) => fields.some((f) => f.includes(w)));
}
