import { createContext, type ReactNode, type RefObject, useContext } from 'react';
import type { ProductLike } from '../lib/product';

/** What a card knows about its product, handed to the controls other parts of the app put on it. */
export interface CardProduct {
  product: ProductLike;
  title: string;
  selling: number;
  marked: number;
  image: string;
  outOfStock: boolean;
  /** The card's picture, for the fly-to-cart animation. */
  imageRef: RefObject<HTMLImageElement | null>;
}

/**
 * The card's controls come from outside: the card is shared code and knows no feature, so the app
 * (src/app) fills these slots with the cart's and the wishlist's controls. Without them a card
 * shows no heart and no button.
 */
export interface ProductCardSlots {
  /** The wishlist heart over the picture. */
  heart?(card: CardProduct): ReactNode;
  /** The button at the foot of the card. */
  action?(card: CardProduct): ReactNode;
}

const SlotsContext = createContext<ProductCardSlots>({});

export const ProductCardSlotsProvider = SlotsContext.Provider;
export const useProductCardSlots = () => useContext(SlotsContext);
