import type { Language } from '@pasal/contract/language';
import type { OutgoingMessage } from '../messaging/message-sender';
import { type ConfirmedOrder, templatesFor } from '../messaging/templates/message-templates';

/**
 * The order confirmation, in the customer's language: an e-mail when the customer has proved an
 * address, an SMS otherwise; none when the account has neither (it cannot happen for an account
 * that logged in, but the order stands). An address nobody proved may be anyone's: it gets no
 * mail (decision 035).
 */
export function confirmationMessage(
  customer:
    | {
        email: string | null;
        emailVerified: boolean;
        phone: string | null;
        firstName: string;
        language: Language;
      }
    | undefined,
  order: ConfirmedOrder,
): Omit<OutgoingMessage, 'otp'> | null {
  const templates = templatesFor(customer?.language);
  if (customer?.email && customer.emailVerified) {
    return {
      channel: 'email',
      to: customer.email.toLowerCase(),
      ...templates.orderConfirmedEmail(customer.firstName, order),
    };
  }
  if (customer?.phone) {
    return { channel: 'sms', to: customer.phone, ...templates.orderConfirmedSms(order) };
  }
  return null;
}
