import { onlyInStock } from '@pasal/contract/shop-texts';
import { useCallback, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { msg, t } from '../../i18n/i18n';
import { flyToCart } from '../../lib/fly-to-cart';
import { isOutOfStock, type ProductLike } from '../../lib/product';
import { toast } from '../../lib/toast';
import { type LinePrices, toCartLine } from './cart-line';
import { addLine, type ChangeOutcome } from './cart-thunks';

export const CART_TOAST_MS = 1500;

interface AddOptions {
  quantity?: number;
  /** A flash sale's prices, when they differ from the product's. */
  prices?: LinePrices;
  /** The picture to fly to the header cart before adding (cards). */
  image?: HTMLElement | null;
  /** The success toast; "{title} added to cart!" by default. */
  announce?: string;
  /** The refusal for a product without stock. */
  outOfStockText?: string;
}

/** Tells the shopper how an add ended (shopping.md §8 toasts). */
export function announce(outcome: ChangeOutcome, success: string) {
  if (outcome.ok && outcome.capped !== undefined) toast.warning(onlyInStock(outcome.capped));
  else if (outcome.ok) toast.success(success, { autoClose: CART_TOAST_MS });
  else if (outcome.kind === 'stock') toast.warning(outcome.message);
  else toast.error(outcome.message);
}

/**
 * Add to cart from a card, the detail page or the wishlist: refused without stock, then (on cards)
 * the flying picture, then the line goes to the server cart (customer) or the local cart (visitor).
 * `adding` stays true until the add has ended.
 */
export function useAddToCart() {
  const dispatch = useAppDispatch();
  const [adding, setAdding] = useState(false);

  const add = useCallback(
    async (product: ProductLike, options: AddOptions = {}) => {
      const line = toCartLine(product, options.prices);
      if (isOutOfStock(product)) {
        toast.error(options.outOfStockText ?? msg('This product is currently out of stock!'));
        return;
      }
      setAdding(true);
      try {
        if (options.image !== undefined) await flyToCart(options.image);
        const outcome = await dispatch(addLine(line, options.quantity ?? 1));
        announce(outcome, options.announce ?? t('{{title}} added to cart!', { title: line.title }));
      } catch {
        toast.error(msg('Failed to add item to cart.'));
      } finally {
        setAdding(false);
      }
    },
    [dispatch],
  );

  return { adding, add };
}
