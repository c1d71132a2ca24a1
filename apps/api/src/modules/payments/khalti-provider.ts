import { fetchJson, isRecord } from './http-json';
import {
  type Initiated,
  type InitiateInput,
  InvalidReturnError,
  type PaymentLookup,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderState,
  type ReturnClaim,
} from './payment-provider';
import { KHALTI_STATUSES, mapProviderStatus } from './payment-status';

export interface KhaltiSettings {
  secretKey: string;
  baseUrl: string;
}

/** Khalti takes payments of Rs 10 (1000 paisa) or more. */
export const KHALTI_MINIMUM_PAISA = 1000;

function firstMessage(body: unknown): string {
  if (!isRecord(body)) return String(body).slice(0, 200);
  if (typeof body.detail === 'string') return body.detail;
  for (const [field, value] of Object.entries(body)) {
    if (Array.isArray(value) && typeof value[0] === 'string') return `${field}: ${value[0]}`;
  }
  return JSON.stringify(body).slice(0, 200);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Khalti ePayment (KPG-2): initiate gives a pidx and payment_url; lookup tells the truth about a pidx. */
export function createKhaltiProvider(settings: KhaltiSettings): PaymentProvider {
  const headers = { authorization: `Key ${settings.secretKey}` };
  return {
    name: 'khalti',

    async initiate(input: InitiateInput): Promise<Initiated> {
      const customer: Record<string, string> = { name: input.customer.name };
      if (input.customer.email) customer.email = input.customer.email;
      if (input.customer.phone) customer.phone = input.customer.phone;
      const { status, body } = await fetchJson('khalti', `${settings.baseUrl}/epayment/initiate/`, {
        method: 'POST',
        headers,
        body: {
          return_url: input.returnUrl,
          website_url: input.websiteUrl,
          amount: input.amountPaisa,
          purchase_order_id: input.reference,
          purchase_order_name: input.orderName,
          customer_info: customer,
        },
      });
      if (status !== 200 || !isRecord(body) || !text(body.pidx) || !text(body.payment_url)) {
        const refused = status >= 400 && status < 500;
        throw new PaymentProviderError('khalti', `initiate HTTP ${status}: ${firstMessage(body)}`, refused);
      }
      const paymentUrl = String(body.payment_url);
      if (!/^https?:\/\//.test(paymentUrl))
        throw new PaymentProviderError('khalti', `initiate gave an odd payment_url ${paymentUrl}`);
      const expiresAt = text(body.expires_at) ? new Date(String(body.expires_at)) : undefined;
      return {
        browser: { type: 'redirect', url: paymentUrl },
        sessionId: String(body.pidx),
        expiresAt: expiresAt && !Number.isNaN(expiresAt.getTime()) ? expiresAt : undefined,
        answer: body,
      };
    },

    verifyReturn(query): ReturnClaim {
      const pidx = text(query.pidx);
      if (!pidx || pidx.length > 100) throw new InvalidReturnError('khalti', 'no pidx');
      // Everything else in the return is the browser's word: kept for the log, never trusted.
      const amount = Number(query.total_amount ?? query.amount);
      return {
        sessionId: pidx,
        reference: text(query.purchase_order_id),
        providerStatus: text(query.status),
        transactionId: text(query.transaction_id) ?? text(query.txnId),
        amountPaisa: Number.isSafeInteger(amount) ? amount : undefined,
        raw: query,
      };
    },

    async lookup(payment: PaymentLookup): Promise<ProviderState> {
      if (!payment.sessionId) throw new PaymentProviderError('khalti', 'no pidx to look up');
      const { status, body } = await fetchJson('khalti', `${settings.baseUrl}/epayment/lookup/`, {
        method: 'POST',
        headers,
        body: { pidx: payment.sessionId },
      });
      // Khalti answers some final states with a 4xx and the usual body, so the body decides.
      if (!isRecord(body) || typeof body.status !== 'string' || body.pidx !== payment.sessionId)
        throw new PaymentProviderError('khalti', `lookup HTTP ${status}: ${firstMessage(body)}`);
      const amount = body.total_amount;
      return {
        status: mapProviderStatus(KHALTI_STATUSES, body.status),
        providerStatus: body.status,
        amountPaisa: typeof amount === 'number' && Number.isSafeInteger(amount) ? amount : null,
        transactionId: text(body.transaction_id) ?? null,
        answer: body,
      };
    },
  };
}
