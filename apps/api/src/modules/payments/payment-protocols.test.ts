import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatRupeesText, parseRupeesNumber, parseRupeesText } from '../../lib/money';
import { createEsewaProvider } from './esewa-provider';
import { createKhaltiProvider } from './khalti-provider';
import { InvalidReturnError, PaymentProviderError } from './payment-provider';
import { ESEWA_STATUSES, KHALTI_STATUSES, mapProviderStatus } from './payment-status';

// The wallets' documented facts, written out here rather than imported from the code under test.
const UAT_SECRET = '8gBm/:&EnhH.1/q';
const UAT_PRODUCT = 'EPAYTEST';

function hmac(message: string, secret = UAT_SECRET): string {
  return createHmac('sha256', secret).update(message).digest('base64');
}

/** A tiny stand-in HTTP server that records requests and answers what the test says. */
let server: Server;
let base = '';
const seen: { method: string; url: string; headers: Record<string, unknown>; body: string }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const esewa = () =>
  createEsewaProvider({
    productCode: UAT_PRODUCT,
    secretKey: UAT_SECRET,
    formUrl: `${base}/form`,
    statusUrl: base,
  });
const khalti = () => createKhaltiProvider({ secretKey: 'test-key', baseUrl: `${base}/api/v2` });

const initiateInput = {
  reference: 'PSL-7-1-ABCD',
  amountPaisa: 123_450,
  orderName: 'Pasal order 7',
  returnUrl: 'https://shop.example/api/ecommerce/payments/esewa/return',
  failureUrl: 'https://shop.example/api/ecommerce/payments/esewa/failure/PSL-7-1-ABCD',
  websiteUrl: 'https://shop.example',
  customer: { name: 'Sita Sharma', email: 'sita@example.com', phone: '9800000001' },
};

describe('money on the wire', () => {
  test('paisa become exact rupee texts and back, without floating point', () => {
    expect(formatRupeesText(123_450)).toBe('1234.50');
    expect(formatRupeesText(10_000)).toBe('100');
    expect(formatRupeesText(1)).toBe('0.01');
    expect(formatRupeesText(1_999_999_999)).toBe('19999999.99');
    expect(parseRupeesText('1,000.0')).toBe(100_000);
    expect(parseRupeesText('123.45')).toBe(12_345);
    expect(parseRupeesText('0.1')).toBe(10);
    expect(parseRupeesText('100.000')).toBe(10_000);
    expect(parseRupeesText('100.001')).toBeNull();
    expect(parseRupeesText('-5')).toBeNull();
    expect(parseRupeesText('1e3')).toBeNull();
    expect(parseRupeesText('12,34')).toBeNull();
    expect(parseRupeesNumber(1234.5)).toBe(123_450);
    expect(parseRupeesNumber(0.29)).toBe(29);
    expect(parseRupeesNumber(1e21)).toBeNull();
  });
});

describe('eSewa ePay v2', () => {
  test('the form is signed over total_amount,transaction_uuid,product_code with HMAC-SHA256 in base64', async () => {
    const { browser } = await esewa().initiate(initiateInput);
    expect(browser.type).toBe('form');
    if (browser.type !== 'form') return;
    expect(browser.url).toBe(`${base}/form`);
    expect(browser.fields).toMatchObject({
      amount: '1234.50',
      tax_amount: '0',
      total_amount: '1234.50',
      transaction_uuid: 'PSL-7-1-ABCD',
      product_code: 'EPAYTEST',
      product_service_charge: '0',
      product_delivery_charge: '0',
      success_url: initiateInput.returnUrl,
      failure_url: initiateInput.failureUrl,
      signed_field_names: 'total_amount,transaction_uuid,product_code',
    });
    expect(browser.fields.signature).toBe(
      hmac('total_amount=1234.50,transaction_uuid=PSL-7-1-ABCD,product_code=EPAYTEST'),
    );
  });

  /** A success return as eSewa sends it: base64 JSON signed over the fields it names. */
  function esewaData(overrides: Record<string, unknown> = {}, secret = UAT_SECRET, rawAmount?: string) {
    const fields: Record<string, string> = {
      transaction_code: '000AWEO',
      status: 'COMPLETE',
      total_amount: '1,234.5',
      transaction_uuid: 'PSL-7-1-ABCD',
      product_code: UAT_PRODUCT,
      signed_field_names:
        'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names',
    };
    const message = fields.signed_field_names
      .split(',')
      .map((name) => `${name}=${rawAmount && name === 'total_amount' ? rawAmount : fields[name]}`)
      .join(',');
    let json = JSON.stringify({ ...fields, signature: hmac(message, secret), ...overrides });
    // eSewa's own documented example writes the amount as a JSON number (1000.0).
    if (rawAmount)
      json = json.replace(`"total_amount":"${fields.total_amount}"`, `"total_amount":${rawAmount}`);
    return Buffer.from(json).toString('base64');
  }

  test('a genuine return is read with its amount exactly, whether eSewa writes "1,234.5" or 1234.50', () => {
    const claim = esewa().verifyReturn({ data: esewaData() });
    expect(claim).toMatchObject({
      reference: 'PSL-7-1-ABCD',
      amountPaisa: 123_450,
      providerStatus: 'COMPLETE',
      transactionId: '000AWEO',
    });
    expect(esewa().verifyReturn({ data: esewaData({}, UAT_SECRET, '1234.50') }).amountPaisa).toBe(123_450);
    // A '+' of the base64 that arrived unescaped in the query reads as a space.
    const data = esewaData();
    expect(esewa().verifyReturn({ data: data.replaceAll('+', ' ') }).reference).toBe('PSL-7-1-ABCD');
  });

  test('a changed amount or uuid, another key, a foreign product or unsigned fields are refused', () => {
    const refuse = (query: Record<string, unknown>) =>
      expect(() => esewa().verifyReturn(query)).toThrow(InvalidReturnError);
    refuse({ data: esewaData({ total_amount: '1.0' }) });
    refuse({ data: esewaData({ transaction_uuid: 'PSL-8-1-ABCD' }) });
    refuse({ data: esewaData({}, 'another-merchant-secret') });
    refuse({ data: esewaData({ signed_field_names: 'total_amount,transaction_uuid,product_code' }) });
    refuse({ data: 'not base64 json' });
    refuse({});
    const other = createEsewaProvider({
      productCode: 'OTHERSHOP',
      secretKey: UAT_SECRET,
      formUrl: base,
      statusUrl: base,
    });
    expect(() => other.verifyReturn({ data: esewaData() })).toThrow(/foreign product_code/);
  });

  test('the status check asks with our amount in rupees and reads every documented status', async () => {
    for (const [word, status] of Object.entries({
      COMPLETE: 'completed',
      PENDING: 'pending',
      AMBIGUOUS: 'pending',
      FULL_REFUND: 'refunded',
      PARTIAL_REFUND: 'partially_refunded',
      NOT_FOUND: 'expired',
      CANCELED: 'canceled',
    })) {
      answer = {
        status: 200,
        body: {
          product_code: UAT_PRODUCT,
          transaction_uuid: 'PSL-7-1-ABCD',
          total_amount: 1234.5,
          status: word,
          ref_id: word === 'COMPLETE' ? '0001TS9' : null,
        },
      };
      const state = await esewa().lookup({
        reference: 'PSL-7-1-ABCD',
        amountPaisa: 123_450,
        sessionId: null,
      });
      expect(state).toMatchObject({ status, providerStatus: word, amountPaisa: 123_450 });
      expect(state.transactionId).toBe(word === 'COMPLETE' ? '0001TS9' : null);
    }
    const request = seen.at(-1);
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe(
      '/api/epay/transaction/status/?product_code=EPAYTEST&total_amount=1234.50&transaction_uuid=PSL-7-1-ABCD',
    );
  });

  test('an answer about another transaction or without a status concludes nothing', async () => {
    answer = {
      status: 200,
      body: {
        product_code: UAT_PRODUCT,
        transaction_uuid: 'OTHER',
        total_amount: 1234.5,
        status: 'COMPLETE',
        ref_id: 'X',
      },
    };
    await expect(
      esewa().lookup({ reference: 'PSL-7-1-ABCD', amountPaisa: 123_450, sessionId: null }),
    ).rejects.toThrow(PaymentProviderError);
    answer = { status: 400, body: { code: 0, error_message: 'Service is currently unavailable' } };
    await expect(
      esewa().lookup({ reference: 'PSL-7-1-ABCD', amountPaisa: 123_450, sessionId: null }),
    ).rejects.toThrow(PaymentProviderError);
  });
});

describe('Khalti ePayment (KPG-2)', () => {
  test('initiate sends the amount in paisa with the secret key and answers payment_url', async () => {
    answer = {
      status: 200,
      body: {
        pidx: 'bZQLD9wRVWo4CdESSfuSsB',
        payment_url: 'https://test-pay.khalti.com/?pidx=bZQLD9wRVWo4CdESSfuSsB',
        expires_at: '2030-05-25T16:26:16.471649+05:45',
        expires_in: 1800,
      },
    };
    const started = await khalti().initiate({
      ...initiateInput,
      returnUrl: 'https://shop.example/api/ecommerce/payments/khalti/return',
    });
    const request = seen.at(-1);
    expect(request?.url).toBe('/api/v2/epayment/initiate/');
    expect(request?.headers.authorization).toBe('Key test-key');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({
      return_url: 'https://shop.example/api/ecommerce/payments/khalti/return',
      website_url: 'https://shop.example',
      amount: 123_450,
      purchase_order_id: 'PSL-7-1-ABCD',
      purchase_order_name: 'Pasal order 7',
      customer_info: { name: 'Sita Sharma', email: 'sita@example.com', phone: '9800000001' },
    });
    expect(started.browser).toEqual({
      type: 'redirect',
      url: 'https://test-pay.khalti.com/?pidx=bZQLD9wRVWo4CdESSfuSsB',
    });
    expect(started.sessionId).toBe('bZQLD9wRVWo4CdESSfuSsB');
    expect(started.expiresAt?.toISOString()).toBe('2030-05-25T10:41:16.471Z');
  });

  test('a refused initiate is a refusal, not a passing fault', async () => {
    answer = {
      status: 400,
      body: {
        amount: ['Amount should be greater than Rs. 10, that is 1000 paisa.'],
        error_key: 'validation_error',
      },
    };
    const failure = await khalti()
      .initiate(initiateInput)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect((failure as PaymentProviderError).refused).toBe(true);
  });

  test('lookup reads every documented status, whatever HTTP status carries it', async () => {
    const expected = {
      Completed: 'completed',
      Pending: 'pending',
      Initiated: 'initiated',
      Refunded: 'refunded',
      Expired: 'expired',
      'User canceled': 'canceled',
      'Partially Refunded': 'partially_refunded',
    };
    for (const [word, status] of Object.entries(expected)) {
      answer = {
        status: word === 'Completed' || word === 'Pending' || word === 'Initiated' ? 200 : 400,
        body: {
          pidx: 'P1',
          total_amount: 123_450,
          status: word,
          transaction_id: word === 'Completed' ? 'T1' : null,
          fee: 0,
          refunded: false,
        },
      };
      const state = await khalti().lookup({ reference: 'R', amountPaisa: 123_450, sessionId: 'P1' });
      expect(state).toMatchObject({ status, providerStatus: word, amountPaisa: 123_450 });
      const request = seen.at(-1);
      expect(request?.url).toBe('/api/v2/epayment/lookup/');
      expect(JSON.parse(request?.body ?? '{}')).toEqual({ pidx: 'P1' });
    }
    answer = { status: 404, body: { detail: 'Not found.', error_key: 'validation_error' } };
    await expect(khalti().lookup({ reference: 'R', amountPaisa: 1, sessionId: 'P1' })).rejects.toThrow(
      PaymentProviderError,
    );
  });

  test('the return is read for its pidx only; amounts in it are kept, not trusted', () => {
    expect(
      khalti().verifyReturn({
        pidx: 'P1',
        status: 'Completed',
        purchase_order_id: 'R',
        total_amount: '100',
        transaction_id: 'T',
      }),
    ).toMatchObject({ sessionId: 'P1', reference: 'R', providerStatus: 'Completed', amountPaisa: 100 });
    expect(() => khalti().verifyReturn({ status: 'Completed' })).toThrow(InvalidReturnError);
  });
});

test('every provider status maps; an unknown word is pending, never paid or failed', () => {
  expect(Object.keys(ESEWA_STATUSES).sort()).toEqual([
    'AMBIGUOUS',
    'CANCELED',
    'COMPLETE',
    'FULL_REFUND',
    'NOT_FOUND',
    'PARTIAL_REFUND',
    'PENDING',
  ]);
  expect(Object.keys(KHALTI_STATUSES).sort()).toEqual([
    'Completed',
    'Expired',
    'Initiated',
    'Partially Refunded',
    'Pending',
    'Refunded',
    'User canceled',
  ]);
  expect(mapProviderStatus(ESEWA_STATUSES, 'SOMETHING_NEW')).toBe('pending');
  expect(mapProviderStatus(KHALTI_STATUSES, 'toString')).toBe('pending');
});
