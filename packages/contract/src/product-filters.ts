import { z } from 'zod';
import {
  BRAND_FILTER_MAX,
  BRAND_MAX_LENGTH,
  PRICE_FILTER_MAX_RUPEES,
  rupeesTextToPaisa,
} from './product-sorts';

// Sort and filters of the search and category lists (issue 22, decision 041). The storefront keeps
// the same names in its own address (/search?query=rice&in_stock=true&sort=price_asc), so a shared
// link or Back restores them; the server filters, sorts and counts.

function priceBound(label: string) {
  const message = `${label} must be an amount in rupees such as 250 or 99.50 (at most Rs ${PRICE_FILTER_MAX_RUPEES})`;
  return z
    .string({ error: message })
    .transform((text, ctx) => {
      const paisa = rupeesTextToPaisa(text);
      if (paisa === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return paisa;
    })
    .optional()
    .describe(
      `${label === 'min_price' ? 'Lowest' : 'Highest'} price paid now, in rupees (at most 2 decimals)`,
    );
}

function flag(label: string, description: string) {
  return z
    .enum(['true', 'false'], { error: `${label} must be true or false` })
    .transform((value) => value === 'true')
    .optional()
    .describe(description);
}

/** Why a brand list cannot be a filter, or null. */
function brandListProblem(list: string[]): string | null {
  if (list.length > BRAND_FILTER_MAX) return `At most ${BRAND_FILTER_MAX} brands`;
  if (list.some((b) => b.trim() === '')) return 'brand must not be blank';
  if (list.some((b) => b.length > BRAND_MAX_LENGTH))
    return `brand must be at most ${BRAND_MAX_LENGTH} characters`;
  if (list.some((b) => b.includes('\u0000'))) return 'brand contains an invalid character';
  return null;
}

/** The filters both lists take; each narrows the list (and its count) further. */
export const productFilterFields = {
  min_price: priceBound('min_price'),
  max_price: priceBound('max_price'),
  brand: z
    .union([z.string(), z.array(z.string())], { error: 'brand must be text' })
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .superRefine((list, ctx) => {
      const problem = brandListProblem(list);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional()
    .describe('A brand, exactly as the list names it; repeat the parameter for several (any of them)'),
  on_sale: flag('on_sale', 'true: only products sold below their marked price now (a flash sale counts)'),
  in_stock: flag('in_stock', 'true: only products in stock'),
};

export interface ProductFilters {
  min_price?: number;
  max_price?: number;
  brand?: string[];
  on_sale?: boolean;
  in_stock?: boolean;
}

/** A price range whose ends cross is refused, not answered with an empty list. */
export function checkPriceRange(query: ProductFilters, ctx: z.RefinementCtx): void {
  if (query.min_price !== undefined && query.max_price !== undefined && query.min_price > query.max_price) {
    ctx.addIssue({ code: 'custom', path: ['max_price'], message: 'max_price cannot be less than min_price' });
  }
}

export function sortField<const S extends readonly [string, ...string[]]>(sorts: S, fallback: string) {
  return z
    .enum(sorts, { error: `sort must be one of: ${sorts.join(', ')}` })
    .optional()
    .describe(`Order of the list: ${sorts.join(', ')} (${fallback} unless given)`);
}

export const brandCount = z.object({
  brand: z.string(),
  count: z
    .number()
    .int()
    .describe('How many products of the list (the brand filter aside) are of this brand'),
});
export type BrandCount = z.infer<typeof brandCount>;

export const brandCounts = z
  .array(brandCount)
  .optional()
  .describe(
    'On page 1 only: the brands of the products the other filters leave, most products first, for the brand filter',
  );
