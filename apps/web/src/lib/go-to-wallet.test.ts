import { afterEach, describe, expect, it, vi } from 'vitest';
import { goToWallet } from './go-to-wallet';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('goToWallet', () => {
  it('posts the eSewa form with every signed field, at once', () => {
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    const fields = { amount: '100', total_amount: '150', transaction_uuid: 'u-1', signature: 'c2ln+/=' };
    goToWallet({
      type: 'form',
      method: 'POST',
      url: 'https://uat.esewa.com.np/api/epay/main/v2/form',
      fields,
    });
    expect(submitted).toHaveLength(1);
    const form = submitted[0];
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://uat.esewa.com.np/api/epay/main/v2/form');
    expect(Object.fromEntries(new FormData(form))).toEqual(fields);
    expect(form.isConnected).toBe(true);
  });

  it('opens the Khalti payment_url', () => {
    const assign = vi.fn();
    const doc = { defaultView: { location: { assign } } } as unknown as Document;
    goToWallet({ type: 'redirect', url: 'https://test-pay.khalti.com/?pidx=abc' }, doc);
    expect(assign).toHaveBeenCalledWith('https://test-pay.khalti.com/?pidx=abc');
  });
});
