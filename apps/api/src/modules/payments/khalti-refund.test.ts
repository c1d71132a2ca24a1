import { describe, expect, test } from 'vitest';
import { KHALTI_URLS } from '../../config';
import { khaltiRefundUrl } from './khalti-refund';

describe('Khalti refund URL', () => {
  test('sits beside the ePayment API, not under /v2, for the sandbox, live Khalti and the simulator', () => {
    expect(khaltiRefundUrl(KHALTI_URLS.test, 'GFq9PFS7b2iYvL8Lir9oXe')).toBe(
      'https://dev.khalti.com/api/merchant-transaction/GFq9PFS7b2iYvL8Lir9oXe/refund/',
    );
    expect(khaltiRefundUrl(`${KHALTI_URLS.live}/`, 'T1')).toBe(
      'https://khalti.com/api/merchant-transaction/T1/refund/',
    );
    expect(khaltiRefundUrl('http://127.0.0.1:4000/dev/khalti/api/v2', 'a/b')).toBe(
      'http://127.0.0.1:4000/dev/khalti/api/merchant-transaction/a%2Fb/refund/',
    );
  });
});
