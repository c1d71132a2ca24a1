import type { CartLine, Cart as ServerCart } from '@pasal/contract/cart';
import { productImage, productTitle } from '../../lib/product';
import type { CartItem } from './cart-slice';

/** A server cart line in the fields of shopping.md §3 Cart item (rate is the price in force now). */
export function cartItemFromLine(line: CartLine): CartItem {
  const p = line.product_detail;
  return {
    id: line.id,
    product: line.product,
    quantity: line.quantity,
    rate: line.rate,
    subtotal: line.subtotal,
    selling_price: line.rate,
    marked_price: p.marked_price,
    title: productTitle(p),
    category: p.category,
    image: productImage(p),
    short_description: p.short_description,
    product_detail: {
      id: p.id,
      title: p.title,
      nepali_title: p.nepali_title,
      description: p.description,
      short_description: p.short_description,
      marked_price: p.marked_price,
      selling_price: p.selling_price,
      primary_image: p.primary_image,
    },
    stock: line.available_quantity,
    slug: p.slug,
    is_available: line.is_available,
  };
}

export const cartItemsFromServer = (cart: ServerCart | null): CartItem[] =>
  Array.isArray(cart?.cart_products) ? cart.cart_products.map(cartItemFromLine) : [];
