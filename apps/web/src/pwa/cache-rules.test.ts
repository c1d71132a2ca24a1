import { describe, expect, it } from 'vitest';
import { isCataloguePicture, isCatalogueRead, SHOP_PAGE } from './cache-rules';

const url = (path: string) => new URL(path, 'http://localhost');

describe('what the service worker may keep (decision 048)', () => {
  it('keeps the public catalogue reads', () => {
    for (const path of [
      '/api/ecommerce/home/data/',
      '/api/ecommerce/category/featured',
      '/api/ecommerce/category/all',
      '/api/ecommerce/category/product/12?page=2',
      '/api/ecommerce/product/detail/basmati-rice-5kg/',
      '/api/ecommerce/products?q=rice',
      '/api/ecommerce/products/suggest?q=ri',
      '/api/ecommerce/today/special/',
      '/api/ecommerce/list/for/you/',
      '/api/ecommerce/banner/',
      '/api/ecommerce/flash-sale/',
    ])
      expect(isCatalogueRead(url(path)), path).toBe(true);
  });

  it('never keeps customer data, sign-in or the console', () => {
    for (const path of [
      '/api/ecommerce/cart/',
      '/api/ecommerce/order/list/',
      '/api/ecommerce/checkout/',
      '/api/ecommerce/profile/',
      '/api/ecommerce/login/',
      '/api/ecommerce/list/wishlist/',
      '/api/ecommerce/order/address/list/',
      '/api/ecommerce/payments/12/',
      '/api/admin/orders',
      '/api/admin/products/1',
      '/api/health',
    ])
      expect(isCatalogueRead(url(path)), path).toBe(false);
  });

  it("keeps catalogue pictures and their copies, never customers' avatars", () => {
    expect(isCataloguePicture(url('/media/products/rice-1a2b.webp'))).toBe(true);
    expect(isCataloguePicture(url('/media/w/192/products/rice-1a2b.webp'))).toBe(true);
    expect(isCataloguePicture(url('/media/banners/dashain.webp'))).toBe(true);
    expect(isCataloguePicture(url('/media/avatars/7-abc.webp'))).toBe(false);
  });

  it('opens the shell for shop pages, never for the console, the API or media', () => {
    for (const path of ['/', '/cart', '/detail/rice', '/profile/orders', '/administration'])
      expect(SHOP_PAGE.test(path), path).toBe(true);
    for (const path of ['/admin', '/admin/orders', '/api/ecommerce/cart/', '/media/x.webp', '/dev/outbox'])
      expect(SHOP_PAGE.test(path), path).toBe(false);
  });
});
