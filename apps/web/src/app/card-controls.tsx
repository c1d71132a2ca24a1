import type { ReactNode } from 'react';
import { type ProductCardSlots, ProductCardSlotsProvider } from '../components/product-card-slots';
import { AddToCartButton } from '../features/cart/add-to-cart-button';
import { wishlistProduct } from '../features/wishlist/wishlist-api';
import { WishlistHeart } from '../features/wishlist/wishlist-heart';

// The product card is shared code; here the app puts the wishlist's heart and the cart's button on it.
const slots: ProductCardSlots = {
  heart: (card) => (
    <WishlistHeart product={wishlistProduct(card.product, { selling: card.selling, marked: card.marked })} />
  ),
  action: (card) => <AddToCartButton card={card} />,
};

export function CardControls({ children }: { children: ReactNode }) {
  return <ProductCardSlotsProvider value={slots}>{children}</ProductCardSlotsProvider>;
}
