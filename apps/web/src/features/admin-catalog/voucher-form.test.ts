import type { AdminVoucher } from '@pasal/contract/admin-vouchers';
import { describe, expect, it } from 'vitest';
import { voucherBody, voucherToForm } from './voucher-form';

const blank = voucherToForm(undefined);

describe('the voucher form', () => {
  it('sends a Percentage voucher with no fixed amount, and blank limits as null', () => {
    const checked = voucherBody(
      {
        ...blank,
        code: 'DASHAIN15',
        discount_percentage: '15',
        maximum_discount: '300',
        minimum_order_value: '1000',
      },
      undefined,
    );
    expect(checked).toEqual({
      ok: true,
      body: {
        code: 'DASHAIN15',
        voucher_type: 'Percentage',
        discount_percentage: 15,
        discount_amount: 0,
        minimum_order_value: 1000,
        maximum_discount: 300,
        usage_limit: null,
        per_customer_limit: null,
        valid_from: null,
        valid_to: null,
        is_active: true,
        is_listed: false,
      },
    });
  });

  it('sends an Amount voucher with no percentage and no maximum, whatever was typed there before', () => {
    const checked = voucherBody(
      {
        ...blank,
        code: 'FLAT100',
        voucher_type: 'Amount',
        discount_percentage: '15',
        maximum_discount: '300',
        discount_amount: '100',
      },
      undefined,
    );
    expect(checked.ok && checked.body).toMatchObject({
      discount_percentage: 0,
      discount_amount: 100,
      maximum_discount: null,
    });
  });

  it('applies the rules of the whole voucher', () => {
    const checked = voucherBody(
      {
        ...blank,
        code: 'bad code',
        discount_percentage: '0',
        usage_limit: '0',
        valid_from: '2026-12-01T10:00',
        valid_to: '2026-12-01T09:00',
      },
      undefined,
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        code: 'A code has only letters, digits, dashes and underscores',
        discount_percentage: 'A Percentage voucher needs a percentage above 0 (at most 100)',
        usage_limit: 'Usage limit must be at least 1',
        valid_to: 'Valid to must be after valid from',
      },
    });
  });

  it('asks for the amount of an Amount voucher', () => {
    const checked = voucherBody({ ...blank, code: 'X', voucher_type: 'Amount' }, undefined);
    expect(checked.ok ? {} : checked.errors).toEqual({ discount_amount: 'Enter the amount off' });
  });

  it('edits send the changed rules with the version; times read back in Nepal time', () => {
    const voucher: AdminVoucher = {
      id: 3,
      code: 'WELCOME10',
      voucher_type: 'Percentage',
      discount_percentage: 10,
      discount_amount: 0,
      minimum_order_value: 500,
      maximum_discount: 300,
      usage_limit: null,
      per_customer_limit: 1,
      valid_from: null,
      valid_to: '2027-01-01T00:00:00+05:45',
      is_active: true,
      is_listed: true,
      uses_so_far: 4,
      state: 'live',
      created_at: '2026-11-01T09:30:00+05:45',
      version: 2,
    };
    const values = voucherToForm(voucher);
    expect(values.valid_to).toBe('2027-01-01T00:00');
    expect(voucherBody({ ...values, usage_limit: '100' }, voucher)).toEqual({
      ok: true,
      body: { version: 2, usage_limit: 100 },
    });
  });
});
