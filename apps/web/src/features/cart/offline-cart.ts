import { onlyInStock } from '@pasal/contract/shop-texts';
import { msg, t } from '../../i18n/i18n';
import { formatRs } from '../../lib/money';
import { toast } from '../../lib/toast';
import { selectIsLoggedIn } from '../auth/auth-slice';
import { fetchServerCart, refusalOf, removeFromServerCart, updateServerCart } from './cart-api';
import { cartActions } from './cart-slice';
import type { CartThunk } from './cart-thunks';

export const OFFLINE_CART_SENT = msg('Your cart changes made offline were sent.');
export const priceChanged = (title: string, rate: number) =>
  t('{{title}}: the price is now {{price}}.', { title, price: formatRs(rate) });

let sending: Promise<void> | null = null;

/**
 * Sends the customer's cart changes made offline (decision 048), oldest first, each the line's
 * new quantity (a resend changes nothing). The server's answer is shown: a quantity beyond the
 * stock is capped with its warning, a refusal is told, a changed price is named. A change the
 * network lost stays for the next time the line returns. A removal of a line the server does not
 * have (one added and removed again offline) is done, not refused (`removeFromServerCart`).
 */
export const sendOfflineChanges = (): CartThunk => (dispatch, getState) => {
  sending ??= (async () => {
    const owner = getState().cart.owner;
    const stillOwner = () => selectIsLoggedIn(getState()) && getState().cart.owner === owner;
    const sent: { title: string; rate: number; product: number }[] = [];
    let any = false;
    for (;;) {
      if (!owner || !stillOwner()) return;
      const change = (getState().cart.offlineChanges ?? [])[0];
      if (!change) break;
      try {
        if (change.quantity === 0) await removeFromServerCart(change.product);
        else await updateServerCart([{ product: change.product, quantity: change.quantity }]);
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) return; // no answer: kept for the next time
        const stock = refusal.available_quantity;
        if (stock !== undefined && stock > 0 && refusal.message === onlyInStock(stock)) {
          try {
            await updateServerCart([{ product: change.product, quantity: stock }]);
          } catch (capError) {
            if (!refusalOf(capError)) return;
          }
          toast.warning(onlyInStock(stock), { toastId: `offline-stock-${change.product}` });
        } else {
          toast.warning(
            refusal.message ?? refusal.msg ?? t('{{title}}: not changed.', { title: change.title }),
          );
        }
      }
      if (!stillOwner()) return;
      dispatch(cartActions.offlineChangeSent({ product: change.product }));
      any = true;
      if (change.quantity > 0) sent.push(change);
    }
    if (!any) return;
    try {
      const cart = await fetchServerCart();
      if (!stillOwner()) return;
      dispatch(cartActions.serverCartReceived({ cart }));
    } catch {
      return;
    }
    for (const change of sent) {
      const now = getState().cart.items.find((i) => i.product === change.product);
      if (now && now.rate !== change.rate) toast.info(priceChanged(now.title, now.rate));
    }
    toast.success(t(OFFLINE_CART_SENT), { toastId: 'offline-cart-sent' });
  })().finally(() => {
    sending = null;
  });
  return sending;
};
