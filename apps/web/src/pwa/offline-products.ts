import type { ProductLike } from '../lib/product';
import { CATALOGUE_CACHE } from './cache-rules';

const looksLikeProduct = (value: unknown): value is ProductLike & { slug: string; title: string } => {
  const v = value as Record<string, unknown> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'number' &&
    typeof v.slug === 'string' &&
    typeof v.title === 'string' &&
    (typeof v.selling_price === 'number' || typeof v.price === 'number')
  );
};

function collect(value: unknown, found: Map<number, ProductLike>, max: number): void {
  if (found.size >= max || typeof value !== 'object' || value === null) return;
  if (looksLikeProduct(value)) {
    if (!found.has(value.id)) found.set(value.id, value);
    return;
  }
  for (const child of Object.values(value)) collect(child, found, max);
}

/**
 * Products from the catalogue answers the service worker kept, the most recently kept first:
 * what the offline page can show without the network.
 */
export async function keptProducts(max = 8): Promise<ProductLike[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(CATALOGUE_CACHE);
  const found = new Map<number, ProductLike>();
  const requests = [...(await cache.keys())].reverse();
  for (const request of requests) {
    if (found.size >= max) break;
    const response = await cache.match(request);
    const body = await response?.json().catch(() => null);
    collect(body, found, max);
  }
  return [...found.values()];
}
