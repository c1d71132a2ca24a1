import type { Product } from '@pasal/contract/catalogue';
import { toRupees } from '../../lib/money';
import { unitPrice } from './unit-price';

export interface ProductRow {
  id: number;
  slug: string;
  title: string;
  nepaliTitle: string;
  brand: string;
  unit: string;
  description: string;
  shortDescription: string;
  markedPrice: number;
  /** The price the shopper pays now: the regular price, or an active flash sale's if lower. */
  sellingPrice: number;
  stock: number;
  categoryId: number;
  categoryTitle: string;
  categorySlug: string;
  isOrganic: boolean;
  /** numeric: the driver's text, or a number when read from JSON. */
  ratingAverage: string | number;
  ratingCount: number;
}

export interface ImageRow {
  productId: number;
  image: string;
  thumbnail: string;
  isPrimary: boolean;
}

export function discountPercent(markedPaisa: number, sellingPaisa: number): number {
  if (markedPaisa <= 0 || sellingPaisa >= markedPaisa) return 0;
  return Math.round(((markedPaisa - sellingPaisa) * 100) / markedPaisa);
}

export function toProduct(row: ProductRow, images: ImageRow[]): Product {
  const productImages = images.map((i) => ({ image: i.image, thumbnail_image: i.thumbnail }));
  const primary = images.find((i) => i.isPrimary) ?? images[0];
  const rating = Number(row.ratingAverage);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    nepali_title: row.nepaliTitle,
    brand: row.brand,
    unit: row.unit,
    description: row.description,
    short_description: row.shortDescription,
    marked_price: toRupees(row.markedPrice),
    selling_price: toRupees(row.sellingPrice),
    price: toRupees(row.sellingPrice),
    discount_percentage: discountPercent(row.markedPrice, row.sellingPrice),
    total_available_quantity: row.stock,
    image: primary?.image ?? null,
    thumbnail: primary?.thumbnail ?? null,
    primary_image: primary ? { image: primary.image, thumbnail_image: primary.thumbnail } : null,
    product_images: productImages,
    category: row.categoryTitle,
    category_id: row.categoryId,
    category_slug: row.categorySlug,
    isOrganic: row.isOrganic,
    rating,
    average_rating: rating,
    rating_count: row.ratingCount,
    ratingCount: row.ratingCount,
    unit_price: unitPrice(row.sellingPrice, row.unit),
  };
}
