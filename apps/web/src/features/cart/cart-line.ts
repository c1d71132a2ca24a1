import { type ProductLike, productImage, productTitle, sellingPrice } from '../../lib/product';
import type { NewCartLine } from './cart-slice';

export interface LinePrices {
  selling: number;
  marked: number;
}

/** The cart line a product becomes (shopping.md §3 Cart item), priced at its selling price. */
export function toCartLine(p: ProductLike, prices?: LinePrices): NewCartLine {
  const selling = prices?.selling ?? sellingPrice(p);
  const marked = prices?.marked ?? p.marked_price ?? selling;
  const title = productTitle(p);
  return {
    id: p.id,
    product: p.id,
    rate: selling,
    selling_price: selling,
    marked_price: marked,
    title,
    category: p.category ?? '',
    image: productImage(p),
    short_description: p.short_description ?? '',
    stock: p.total_available_quantity ?? 0,
    slug: p.slug,
    product_detail: {
      id: p.id,
      title,
      nepali_title: p.nepali_title ?? '',
      description: p.description ?? '',
      short_description: p.short_description ?? '',
      marked_price: marked,
      selling_price: selling,
      primary_image: p.primary_image?.image
        ? {
            image: p.primary_image.image,
            thumbnail_image: p.primary_image.thumbnail_image ?? p.primary_image.image,
          }
        : null,
    },
  };
}
