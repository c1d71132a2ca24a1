import { formatRupeesText, parseRupeesNumber, parseRupeesText } from '../../lib/money';
import {
  ESEWA_REQUEST_SIGNED_FIELDS,
  esewaMessage,
  esewaSign,
  esewaSignatureMatches,
} from './esewa-signature';
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
import { ESEWA_STATUSES, mapProviderStatus } from './payment-status';

export interface EsewaSettings {
  productCode: string;
  secretKey: string;
  formUrl: string;
  statusUrl: string;
}

/** Fields a success redirect must sign, or an unsigned one could be altered. */
const MUST_BE_SIGNED = ['transaction_code', 'status', 'total_amount', 'transaction_uuid', 'product_code'];

/**
 * The raw text of each top-level value of a flat JSON object. eSewa signs the amount as it wrote
 * it ("1,000.0", or a JSON number such as 100.0), so the text must be kept as sent, which
 * JSON.parse loses for numbers.
 */
function rawValues(json: string, parsed: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'string') values[key] = value;
    else if (typeof value === 'number') {
      const name = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const literal = new RegExp(`"${name}"\\s*:\\s*(-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)`, 'g');
      const found = [...json.matchAll(literal)];
      if (found.length !== 1) throw new InvalidReturnError('esewa', `ambiguous field ${key}`);
      values[key] = found[0][1];
    }
  }
  return values;
}

function amountOf(value: unknown): number | null {
  if (typeof value === 'number') return parseRupeesNumber(value);
  if (typeof value === 'string') return parseRupeesText(value);
  return null;
}

/** The status check eSewa documents: `GET {base}/api/epay/transaction/status/?product_code&total_amount&transaction_uuid`. */
export function esewaStatusCheckUrl(
  settings: Pick<EsewaSettings, 'productCode' | 'statusUrl'>,
  payment: Pick<PaymentLookup, 'reference' | 'amountPaisa'>,
): string {
  const params = new URLSearchParams({
    product_code: settings.productCode,
    total_amount: formatRupeesText(payment.amountPaisa),
    transaction_uuid: payment.reference,
  });
  return `${settings.statusUrl}/api/epay/transaction/status/?${params}`;
}

/** eSewa ePay v2: an HMAC-SHA256 signed form, a signed base64 JSON return, and the status check. */
export function createEsewaProvider(settings: EsewaSettings): PaymentProvider {
  return {
    name: 'esewa',

    async initiate(input: InitiateInput): Promise<Initiated> {
      const total = formatRupeesText(input.amountPaisa);
      const fields: Record<string, string> = {
        amount: total,
        tax_amount: '0',
        total_amount: total,
        transaction_uuid: input.reference,
        product_code: settings.productCode,
        product_service_charge: '0',
        product_delivery_charge: '0',
        success_url: input.returnUrl,
        failure_url: input.failureUrl,
        signed_field_names: ESEWA_REQUEST_SIGNED_FIELDS,
      };
      fields.signature = esewaSign(esewaMessage(ESEWA_REQUEST_SIGNED_FIELDS, fields), settings.secretKey);
      return { browser: { type: 'form', method: 'POST', url: settings.formUrl, fields }, answer: null };
    },

    verifyReturn(query): ReturnClaim {
      const data = query.data;
      if (typeof data !== 'string' || data.length === 0 || data.length > 4096)
        throw new InvalidReturnError('esewa', 'no data');
      // A '+' of base64 that reached us unescaped in the query arrives as a space.
      const json = Buffer.from(data.replaceAll(' ', '+'), 'base64').toString('utf8');
      let parsed: unknown;
      try {
        parsed = JSON.parse(json);
      } catch {
        throw new InvalidReturnError('esewa', 'data is not base64 JSON');
      }
      if (!isRecord(parsed)) throw new InvalidReturnError('esewa', 'data is not an object');
      const values = rawValues(json, parsed);
      const signedNames = values.signed_field_names;
      const signature = values.signature;
      if (!signedNames || !signature) throw new InvalidReturnError('esewa', 'unsigned data');
      const names = signedNames.split(',');
      const unsigned = MUST_BE_SIGNED.filter((name) => !names.includes(name) || values[name] === undefined);
      if (unsigned.length > 0)
        throw new InvalidReturnError('esewa', `unsigned fields: ${unsigned.join(',')}`);
      if (!esewaSignatureMatches(esewaMessage(signedNames, values), signature, settings.secretKey))
        throw new InvalidReturnError('esewa', 'signature does not match');
      if (values.product_code !== settings.productCode)
        throw new InvalidReturnError('esewa', `foreign product_code ${values.product_code}`);
      const amountPaisa = parseRupeesText(values.total_amount);
      if (amountPaisa === null)
        throw new InvalidReturnError('esewa', `unreadable total_amount ${values.total_amount}`);
      return {
        reference: values.transaction_uuid,
        amountPaisa,
        providerStatus: values.status,
        transactionId: values.transaction_code,
        raw: parsed,
      };
    },

    async lookup(payment: PaymentLookup): Promise<ProviderState> {
      const { status, body } = await fetchJson('esewa', esewaStatusCheckUrl(settings, payment), {
        method: 'GET',
      });
      if (!isRecord(body) || typeof body.status !== 'string')
        throw new PaymentProviderError(
          'esewa',
          `status check HTTP ${status}: ${JSON.stringify(body).slice(0, 200)}`,
        );
      // An answer about another transaction is no answer about ours.
      if (body.transaction_uuid !== undefined && body.transaction_uuid !== payment.reference)
        throw new PaymentProviderError('esewa', `status check answered for ${String(body.transaction_uuid)}`);
      if (body.product_code !== undefined && body.product_code !== settings.productCode)
        throw new PaymentProviderError('esewa', `status check answered for ${String(body.product_code)}`);
      return {
        status: mapProviderStatus(ESEWA_STATUSES, body.status),
        providerStatus: body.status,
        amountPaisa: amountOf(body.total_amount),
        transactionId: typeof body.ref_id === 'string' && body.ref_id !== '' ? body.ref_id : null,
        answer: body,
      };
    },
  };
}
