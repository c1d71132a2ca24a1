import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IMAGE,
  discountPercent,
  isOutOfStock,
  productImage,
  productRating,
  productTitle,
  roundToHalf,
  sellingPrice,
} from './product';

describe('price arithmetic', () => {
  it('uses the selling price, then the price, then floor(marked × 0.44)', () => {
    expect(sellingPrice({ selling_price: 90, price: 80, marked_price: 100 })).toBe(90);
    expect(sellingPrice({ price: 80, marked_price: 100 })).toBe(80);
    expect(sellingPrice({ marked_price: 999 })).toBe(439); // 439.56 rounded down
    expect(sellingPrice({ marked_price: 25 })).toBe(11);
  });

  it('rounds the discount percent and gives 0 without a discount', () => {
    expect(discountPercent(300, 200)).toBe(33);
    expect(discountPercent(300, 199)).toBe(34);
    expect(discountPercent(100, 100)).toBe(0);
    expect(discountPercent(undefined, 50)).toBe(0);
  });

  it('defaults the rating to 3 and rounds to half stars', () => {
    expect(productRating({})).toBe(3);
    expect(productRating({ average_rating: 4.2 })).toBe(4.2);
    expect(roundToHalf(4.2)).toBe(4);
    expect(roundToHalf(4.3)).toBe(4.5);
  });
});

describe('product fallbacks', () => {
  it('follows the image fallback order', () => {
    const full = {
      id: 1,
      thumbnail: '/t.webp',
      primary_image: { image: '/p.webp', thumbnail_image: '/pt.webp' },
      image: '/legacy.webp',
      product_images: [{ image: '/first.webp', thumbnail_image: '' }],
    };
    expect(productImage(full)).toBe('/t.webp');
    expect(productImage({ ...full, thumbnail: null })).toBe('/pt.webp');
    expect(
      productImage({ ...full, thumbnail: null, primary_image: { image: '/p.webp', thumbnail_image: '' } }),
    ).toBe('/p.webp');
    expect(productImage({ ...full, thumbnail: null, primary_image: null })).toBe('/legacy.webp');
    expect(productImage({ ...full, thumbnail: null, primary_image: null, image: null })).toBe('/first.webp');
    expect(productImage({ id: 2 })).toBe(DEFAULT_IMAGE);
  });

  it('falls back to the Nepali title', () => {
    expect(productTitle({ title: '', nepali_title: 'चामल' })).toBe('चामल');
    expect(productTitle({ title: 'Rice', nepali_title: 'चामल' })).toBe('Rice');
  });

  it('treats 0 or missing stock as out of stock', () => {
    expect(isOutOfStock({ total_available_quantity: 0 })).toBe(true);
    expect(isOutOfStock({})).toBe(true);
    expect(isOutOfStock({ total_available_quantity: 2 })).toBe(false);
  });
});
