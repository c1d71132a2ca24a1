import type { CartVoucher, Voucher } from '@pasal/contract/voucher';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { formatRs } from '../../lib/money';

type Translate = ReturnType<typeof useTranslation>['t'];

/** "10% off, up to Rs 300 · orders from Rs 500", "Rs 50 off": the code's terms in words. */
export function voucherTerms(t: Translate, v: Voucher): string {
  let off: string;
  if (v.voucher_type === 'Amount') off = t('{{amount}} off', { amount: formatRs(v.discount_amount) });
  else if (v.maximum_discount === null) off = t('{{percent, n}}% off', { percent: v.discount_percentage });
  else
    off = t('{{percent, n}}% off, up to {{amount}}', {
      percent: v.discount_percentage,
      amount: formatRs(v.maximum_discount),
    });
  if (v.minimum_order_value <= 0) return off;
  return `${off} · ${t('orders from {{amount}}', { amount: formatRs(v.minimum_order_value) })}`;
}

interface Props {
  /** Applicable first, biggest saving first (the server's order). */
  vouchers: CartVoucher[];
  busy: boolean;
  onApply: (code: string) => void;
}

/**
 * The listed codes under the promo box (decision 055): each with what it saves on this cart and
 * Apply, or what is missing before it applies; "Apply the best" takes the first. Applying goes
 * through the promo box's own apply, so the server checks the code again.
 */
export function CartVouchers({ vouchers, busy, onApply }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  if (vouchers.length === 0) return null;
  const best = vouchers[0].applicable ? vouchers[0] : null;
  return (
    <section className="cart-vouchers mt-3" aria-labelledby={titleId}>
      <h4 id={titleId} className="h6 mb-2">
        {t('Promo codes you can use')}
      </h4>
      {best && (
        <button
          type="button"
          className="btn btn-sm btn-outline-success w-100 mb-2"
          disabled={busy}
          onClick={() => onApply(best.voucher.code)}
        >
          {t('Apply the best: {{code}}, save {{amount}}', {
            code: best.voucher.code,
            amount: formatRs(best.saving),
          })}
        </button>
      )}
      <ul className="list-unstyled mb-0 small">
        {vouchers.map(({ voucher, applicable, saving, missing }) => (
          <li key={voucher.id} className="d-flex align-items-center gap-2 py-1 border-top">
            <div className="me-auto">
              <span className="fw-semibold font-monospace">{voucher.code}</span>
              <div className="text-body-secondary">{voucherTerms(t, voucher)}</div>
              {applicable ? (
                <div className="text-success-emphasis">
                  {t('You save {{amount}}', { amount: formatRs(saving) })}
                </div>
              ) : (
                <div>{t('Add {{amount}} more to use this code', { amount: formatRs(missing) })}</div>
              )}
            </div>
            {applicable && (
              <button
                type="button"
                className="btn btn-sm btn-success"
                disabled={busy}
                onClick={() => onApply(voucher.code)}
              >
                {t('Apply')}{' '}
                <span className="visually-hidden">{t('promo code {{code}}', { code: voucher.code })}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
