import type { ProductSeed } from './catalogue-types';
import { beverageNoodleProducts } from './products-beverages-noodles';
import { dairyBakeryProducts } from './products-dairy-bakery';
import { freshProducts } from './products-fresh';
import { homeCareProducts } from './products-home-care';
import { stapleProducts } from './products-staples';

export { categoryTree } from './categories-data';

/** Every demo product, in shelf order. */
export const demoProducts: ProductSeed[] = [
  ...freshProducts,
  ...stapleProducts,
  ...dairyBakeryProducts,
  ...beverageNoodleProducts,
  ...homeCareProducts,
];

/** Demo products that are sizes of one item, by slug (docs/decisions/052). */
export const demoSizeGroups: string[][] = [
  ['jeera-masino-rice-5kg', 'jeera-masino-rice-25kg'],
  ['ddc-pure-ghee-500ml', 'ddc-pure-ghee-1l'],
  ['dhara-mustard-oil-1l', 'dhara-mustard-oil-5l'],
  ['gyan-chakki-atta-5kg', 'gyan-chakki-atta-10kg'],
];
