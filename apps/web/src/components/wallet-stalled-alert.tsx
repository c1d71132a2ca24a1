import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation';

interface Props {
  wallet: string;
  orderId: number;
  /** Where the link goes; by default the order's payment page (Try again, Pay with cash instead). */
  to?: string;
  linkText?: string;
}

/** Said when the browser did not leave for the wallet in time (use-wallet-timeout.ts). */
export function WalletStalledAlert({ wallet, orderId, to, linkText }: Props) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning" role="alert">
      <p className="mb-2">
        {t('{{wallet}} did not open. Your order #{{orderId}} is saved: you can pay it from your order.', {
          wallet,
          orderId,
        })}
      </p>
      <Link to={to ?? `/payment/return?order=${orderId}&status=unpaid`} className="alert-link">
        {linkText ?? t('Go to your order')}
      </Link>
    </div>
  );
}
