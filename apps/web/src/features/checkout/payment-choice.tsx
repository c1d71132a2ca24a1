import { msg } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import type { PaymentChoice, PaymentMethod } from './checkout-api';

const CHOICES: { id: PaymentChoice; title: string; line: string }[] = [
  { id: 'cash', title: msg('Cash on Delivery'), line: msg('Pay in cash when your order arrives.') },
  { id: 'esewa', title: 'eSewa', line: msg('Pay from your eSewa wallet. You confirm the payment at eSewa.') },
  {
    id: 'khalti',
    title: 'Khalti',
    line: msg('Pay from your Khalti wallet. You confirm the payment at Khalti.'),
  },
];

interface Props {
  value: PaymentChoice;
  onChange(choice: PaymentChoice): void;
  /** What the server offers; a wallet it marks unavailable is shown disabled with the reason. */
  methods: PaymentMethod[] | null;
  disabled?: boolean;
}

/** Payment method: cash on delivery (the default), eSewa or Khalti, by name (no logos). */
export function PaymentChoiceField({ value, onChange, methods, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="card mb-3" disabled={disabled}>
      <div className="card-body">
        <legend className="h5 mb-3">{t('Payment Method')}</legend>
        {CHOICES.map((choice) => {
          const offered = methods?.find((m) => m.id === choice.id);
          const off = choice.id !== 'cash' && offered !== undefined && !offered.available;
          const id = `payment-${choice.id}`;
          return (
            <div className="form-check mb-2" key={choice.id}>
              <input
                className="form-check-input"
                type="radio"
                name="payment-method"
                id={id}
                value={choice.id}
                checked={value === choice.id}
                disabled={off}
                aria-describedby={`${id}-line`}
                onChange={() => onChange(choice.id)}
              />
              <label className="form-check-label fw-semibold" htmlFor={id}>
                {t(choice.title)}
              </label>
              <p id={`${id}-line`} className="small text-body-secondary mb-0">
                {off
                  ? t('{{method}} is not available at the moment. Please choose another payment method.', {
                      method: t(choice.title),
                    })
                  : t(choice.line)}
                {offered?.simulated && !off
                  ? ` ${t('(Test mode: a simulator stands in for the wallet.)')}`
                  : ''}
              </p>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
