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
