import { Link } from 'react-router';

interface Props {
  wallet: string;
  orderId: number;
  /** Where the link goes; by default the order's payment page (Try again, Pay with cash instead). */
  to?: string;
  linkText?: string;
}

/** Said when the browser did not leave for the wallet in time (use-wallet-timeout.ts). */
export function WalletStalledAlert({ wallet, orderId, to, linkText = 'Go to your order' }: Props) {
  return (
    <div className="alert alert-warning" role="alert">
      <p className="mb-2">
        {wallet} did not open. Your order #{orderId} is saved: you can pay it from your order.
      </p>
      <Link to={to ?? `/payment/return?order=${orderId}&status=unpaid`} className="alert-link">
        {linkText}
      </Link>
    </div>
  );
}
