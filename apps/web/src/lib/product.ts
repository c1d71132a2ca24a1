import { cardPicture, DEFAULT_PICTURE } from '@pasal/contract/card-picture';
import type { Product } from '@pasal/contract/catalogue';
import { localName } from '../i18n/local-name';

export const DEFAULT_IMAGE = DEFAULT_PICTURE;
export const DEFAULT_RATING = 3;

/** Product data as it arrives; every field may be missing on older or partial records. */
export type ProductLike = Partial<Omit<Product, 'primary_image' | 'product_images'>> & {
  id: number;
  primary_image?: { image?: string | null; thumbnail_image?: string | null } | null;
  product_images?: { image?: string | null; thumbnail_image?: string | null }[];
  average_rating?: number | null;
};

/** Selling price, or the price, or floor(marked × 0.44) when neither is known (shopping.md §9). */
export function sellingPrice(p: Pick<ProductLike, 'selling_price' | 'price' | 'marked_price'>): number {
  if (typeof p.selling_price === 'number' && p.selling_price > 0) return p.selling_price;
  if (typeof p.price === 'number' && p.price > 0) return p.price;
  return Math.floor((p.marked_price ?? 0) * 0.44);
}

/** Rounded percent off the marked price; 0 when there is no discount. */
export function discountPercent(marked: number | undefined, selling: number): number {
  if (!marked || marked <= selling) return 0;
  return Math.round(((marked - selling) / marked) * 100);
}

export function productRating(p: Pick<ProductLike, 'rating' | 'average_rating'>): number {
  const r = p.rating ?? p.average_rating;
  return typeof r === 'number' && r > 0 ? r : DEFAULT_RATING;
}

/** How many reviews the product has (0 when unknown). */
export function reviewCount(p: Pick<ProductLike, 'rating_count' | 'ratingCount'>): number {
  const n = p.rating_count ?? p.ratingCount;
  return typeof n === 'number' && n > 0 ? Math.floor(n) : 0;
}

/** The average a card shows next to its star: one decimal (4.33 → 4.3), only for a reviewed product. */
export const shownRating = (p: Pick<ProductLike, 'rating' | 'average_rating'>) =>
  Math.round(productRating(p) * 10) / 10;

/** Half-star precision for the card's rating block. */
export const roundToHalf = (n: number) => Math.round(n * 2) / 2;

/** Thumbnail, image, legacy image, first product image, default image (shopping.md §2 Product card). */
export const productImage = (p: ProductLike): string => cardPicture(p);

/** The product's name in the shopper's language, else the other (with its `lang`). */
export const productName = (p: Pick<ProductLike, 'title' | 'nepali_title'>) =>
  localName(p.title, p.nepali_title);

export const productTitle = (p: Pick<ProductLike, 'title' | 'nepali_title'>) => productName(p).text;

/** Out of stock when total_available_quantity is 0 or missing. */
export const isOutOfStock = (p: Pick<ProductLike, 'total_available_quantity'>) =>
  !(p.total_available_quantity! > 0);

export const productLink = (p: Pick<ProductLike, 'slug' | 'id'>) => `/detail/${p.slug || p.id}`;
