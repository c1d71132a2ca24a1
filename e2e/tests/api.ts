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

export async function allProducts(request: APIRequestContext): Promise<SeedProduct[]> {
  return (await getJson<{ results: SeedProduct[] }>(request, '/products?limit=500')).results;
}

/** The spec's rule, used here only to derive expectations from the seed. */
export function matches(p: SeedProduct, query: string): boolean {
  const words = query.toLowerCase().split(' ').filter(Boolean);
  const fields = [p.title, p.description, p.category].map((f) => f.toLowerCase());
  return words.every((w) => fields.some((f) => f.includes(w)));
}
