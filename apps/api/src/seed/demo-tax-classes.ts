import type { ProductSeed } from './catalogue-types';

// The demo catalogue's VAT classes (docs/back-office-vat.md): the basic foods the VAT Act's first
// schedule exempts, as the issue names them: rice, pulses, flour and grains, fresh fruit and
// vegetables, fresh milk. Everything else (oil, ghee, curd, milk powder, packaged food, drinks,
// care and cleaning goods) is 13 %.
const EXEMPT_CATEGORIES = new Set([
  'fresh-fruits',
  'fresh-vegetables',
  'leafy-greens',
  'rice',
  'dal-pulses',
  'atta-flour',
  'chiura-grains',
]);
/** Processed or branded goods inside an exempt category. */
const TAXED_IN_EXEMPT = new Set(['quaker-oats-1kg']);
/** Fresh (liquid) milk, in the milk and curd category. */
const FRESH_MILK = /-milk-\d/;

export function demoTaxClass(product: ProductSeed): 'vat13' | 'exempt' {
  if (EXEMPT_CATEGORIES.has(product.categorySlug)) {
    return TAXED_IN_EXEMPT.has(product.slug) ? 'vat13' : 'exempt';
  }
  if (product.categorySlug === 'milk-curd' && FRESH_MILK.test(product.slug)) return 'exempt';
  return 'vat13';
}
