import { END_BEFORE_START, SALE_PRICE_POSITIVE } from '@pasal/contract/admin-flash-sales';
import { describe, expect, it } from 'vitest';
import { flashSaleBody, flashSaleToForm } from './flash-sale-form';

const product = { id: 9, title: 'Ghee 1 L', selling_price: 1250.5 };
const values = {
  ...flashSaleToForm(undefined),
  product,
  sale_price: '999',
  starts_at: '2026-12-01T09:30',
  ends_at: '2026-12-02T09:30',
};

describe('the flash sale form', () => {
  it('sends the times as typed: the server reads them as Nepal time', () => {
    expect(flashSaleBody(values, undefined)).toEqual({
      ok: true,
      body: {
        product: 9,
        sale_price: 999,
        starts_at: '2026-12-01T09:30',
        ends_at: '2026-12-02T09:30',
        is_active: true,
        per_customer_limit: 5,
      },
    });
  });

  it('starts a new sale at 5 per customer and wants a whole number from 1', () => {
    expect(flashSaleToForm(undefined).per_customer_limit).toBe('5');
    expect(flashSaleBody({ ...values, per_customer_limit: '2' }, undefined)).toMatchObject({
      ok: true,
      body: { per_customer_limit: 2 },
    });
    expect(flashSaleBody({ ...values, per_customer_limit: '' }, undefined)).toEqual({
      ok: false,
      errors: { per_customer_limit: 'Limit per customer is required' },
    });
    expect(flashSaleBody({ ...values, per_customer_limit: '0' }, undefined)).toEqual({
      ok: false,
      errors: { per_customer_limit: 'Limit per customer must be at least 1' },
    });
    expect(flashSaleBody({ ...values, per_customer_limit: '1.5' }, undefined)).toEqual({
      ok: false,
      errors: { per_customer_limit: 'Limit per customer must be a whole number' },
    });
    expect(flashSaleBody({ ...values, per_customer_limit: 'many' }, undefined)).toEqual({
      ok: false,
      errors: { per_customer_limit: 'Limit per customer must be a number' },
    });
  });

  it('wants a product, a price below the regular one and an end after the start', () => {
    expect(flashSaleBody({ ...values, product: null }, undefined)).toEqual({
      ok: false,
      errors: { product: 'Choose the product on sale' },
    });
    expect(flashSaleBody({ ...values, sale_price: '1250.50' }, undefined)).toEqual({
      ok: false,
      errors: { sale_price: 'The sale price must be below the regular selling price (Rs 1250.50)' },
    });
    expect(flashSaleBody({ ...values, sale_price: '0' }, undefined)).toEqual({
      ok: false,
      errors: { sale_price: SALE_PRICE_POSITIVE },
    });
    expect(flashSaleBody({ ...values, ends_at: '2026-12-01T09:30' }, undefined)).toEqual({
      ok: false,
      errors: { ends_at: END_BEFORE_START },
    });
    expect(flashSaleBody({ ...values, starts_at: '2026-02-30T09:30' }, undefined)).toEqual({
      ok: false,
      errors: { starts_at: 'Start must be a date and time such as 2025-10-01T09:30:00+05:45' },
    });
  });

  it('lets a sale be switched off even when its price is no longer below the regular one', () => {
    expect(flashSaleBody({ ...values, sale_price: '1300', is_active: false }, undefined).ok).toBe(true);
  });

  it('edits send what changed, with the version', () => {
    const sale = {
      id: 4,
      product: { ...product, slug: 'ghee-1-l', marked_price: 1300, is_active: true },
      sale_price: 999,
      starts_at: '2026-12-01T09:30:00+05:45',
      ends_at: '2026-12-02T09:30:00+05:45',
      is_active: true,
      per_customer_limit: 5,
      state: 'scheduled' as const,
      version: 3,
    };
    const form = flashSaleToForm(sale);
    expect(form.starts_at).toBe('2026-12-01T09:30');
    expect(flashSaleBody({ ...form, ends_at: '2026-12-03T18:00' }, sale)).toEqual({
      ok: true,
      body: { version: 3, ends_at: '2026-12-03T18:00' },
    });
    expect(flashSaleBody({ ...form, per_customer_limit: '2' }, sale)).toEqual({
      ok: true,
      body: { version: 3, per_customer_limit: 2 },
    });
  });
});
