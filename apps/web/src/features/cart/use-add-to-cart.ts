import { useCallback, useState } from 'react';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../app/hooks';
import { flyToCart } from '../../lib/fly-to-cart';
import { cartActions, type NewCartLine } from './cart-slice';

export const CART_TOAST_MS = 1500;

/** The card's Add To Cart: refuse without stock, animate, then add one and announce it. */
export function useAddToCart() {
  const dispatch = useAppDispatch();
  const [adding, setAdding] = useState(false);

  const add = useCallback(
    async (line: NewCartLine, image: HTMLElement | null) => {
      if (!line.stock || line.stock <= 0) {
        toast.error('This product is currently out of stock!');
        return;
      }
      setAdding(true);
      try {
        await flyToCart(image);
        dispatch(cartActions.itemAdded({ line, quantity: 1 }));
        toast.success(`${line.title} added to cart!`, { autoClose: CART_TOAST_MS });
      } catch {
        toast.error('Failed to add item to cart.');
      } finally {
        setAdding(false);
      }
    },
    [dispatch],
  );

  return { adding, add };
}
