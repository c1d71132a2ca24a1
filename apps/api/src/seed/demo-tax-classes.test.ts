import { describe, expect, test } from 'vitest';
import { demoProducts } from './catalogue-data';
import { demoTaxClass } from './demo-tax-classes';

describe("the demo catalogue's VAT classes", () => {
  test('basic foods of the first schedule are exempt, the rest 13 %', () => {
    const classOf = (slug: string) => {
      const product = demoProducts.find((p) => p.slug === slug);
      if (!product) throw new Error(`no demo product ${slug}`);
      return demoTaxClass(product);
    };
    expect(classOf('jeera-masino-rice-25kg')).toBe('exempt');
    expect(classOf('masoor-dal-1kg')).toBe('exempt');
    expect(classOf('gyan-chakki-atta-5kg')).toBe('exempt');
    expect(classOf('mustang-apple-1kg')).toBe('exempt');
    expect(classOf('ddc-standard-milk-500ml')).toBe('exempt');
    expect(classOf('quaker-oats-1kg')).toBe('vat13');
    expect(classOf('ddc-dahi-1kg')).toBe('vat13');
    expect(classOf('nestle-everyday-milk-powder-400g')).toBe('vat13');
    expect(classOf('ddc-butter-100g')).toBe('vat13');
    const exempt = demoProducts.filter((p) => demoTaxClass(p) === 'exempt').length;
    expect(exempt).toBeGreaterThan(10);
    expect(exempt).toBeLessThan(demoProducts.length / 2);
  });
});
