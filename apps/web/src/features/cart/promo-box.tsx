import { VOUCHER_MESSAGES } from '@pasal/contract/shop-texts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { formatRs } from '../../lib/money';
import { cartActions, selectCart } from './cart-slice';
import { applyPromo } from './cart-thunks';
import { CartVouchers } from './cart-vouchers';
import { useCartVouchers } from './use-cart-vouchers';

/** How long the "Invalid promo code" message stays (shopping.md §9). */
export const INVALID_CODE_MS = 3000;

/** The Order Summary's Promo Code section: input → applying → applied (code, discount, Remove) or failed. */
export function PromoBox() {
  const { t } = useTranslation();
  const { promo, discountAmount, promoLoading, promoError } = useAppSelector(selectCart);
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const inputId = useId();
  const errorId = useId();
  const removeRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const moveFocus = useRef<'remove' | 'input' | null>(null);
  const vouchers = useCartVouchers();

  useEffect(() => {
    if (promoError !== VOUCHER_MESSAGES.invalid) return;
    const timer = setTimeout(() => dispatch(cartActions.promoErrorCleared()), INVALID_CODE_MS);
    return () => clearTimeout(timer);
  }, [promoError, dispatch]);

  // Keyboard focus follows the box from one state to the other instead of falling to the page.
  useEffect(() => {
    if (moveFocus.current === 'remove' && promo) removeRef.current?.focus();
    if (moveFocus.current === 'input' && !promo) inputRef.current?.focus();
    moveFocus.current = null;
  }, [promo]);

  /** The typed code, or one picked from the list of codes. */
  const apply = async (picked: string) => {
    if (promoLoading) return;
    moveFocus.current = 'remove'; // the box turns into the applied state while this runs
    const applied = await dispatch(applyPromo(picked));
    if (!applied) moveFocus.current = null;
    else {
      setCode('');
      toast.success(translateText(applied.message));
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void apply(code);
  };

  if (promo)
    return (
      <section className="promo-box py-2" aria-labelledby={`${inputId}-title`}>
        <h3 id={`${inputId}-title`} className="h6 mb-2">
          {t('Promo Code')}
        </h3>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="badge text-bg-success fs-6">{promo.code}</span>
          <span className="text-success-emphasis">−{formatRs(discountAmount)}</span>
          <button
            ref={removeRef}
            type="button"
            className="btn btn-sm btn-danger ms-auto"
            onClick={() => {
              moveFocus.current = 'input';
              dispatch(cartActions.promoRemoved());
            }}
          >
            {t('Remove')}{' '}
            <span className="visually-hidden">{t('promo code {{code}}', { code: promo.code })}</span>
          </button>
        </div>
      </section>
    );

  return (
    <section className="promo-box py-2" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className="h6 mb-2">
        {t('Promo Code')}
      </h3>
      <form onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="form-label small">
          {t('Enter promo code')}
        </label>
        <div className="input-group">
          <input
            ref={inputRef}
            id={inputId}
            className={`form-control ${promoError ? 'is-invalid' : ''}`}
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={100}
            aria-invalid={Boolean(promoError)}
            aria-describedby={promoError ? errorId : undefined}
            onChange={(e) => setCode(e.target.value)}
          />
          <button
            type="submit"
            className="btn btn-success"
            disabled={!code.trim() || promoLoading}
            aria-busy={promoLoading || undefined}
          >
            {promoLoading ? t('Applying...') : t('Apply')}
          </button>
        </div>
        {promoError && (
          <div id={errorId} className="text-danger-emphasis small mt-1" role="alert">
            {translateText(promoError)}
          </div>
        )}
      </form>
      <CartVouchers vouchers={vouchers} busy={promoLoading} onApply={(picked) => void apply(picked)} />
    </section>
  );
}
