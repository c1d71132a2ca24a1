import { SELLING_ABOVE_MARKED } from '@pasal/contract/admin-products';
import { describe, expect, it } from 'vitest';
import { sampleProduct } from './admin-catalog-fixtures';
import { createBody, emptyProductForm, productForNotice, productToForm, updateBody } from './product-form';

const filled = {
  ...emptyProductForm,
  title: 'Jeera Masino Rice',
  category: '3',
  marked_price: '500',
  selling_price: '450.50',
  stock: '12',
};

describe('the product form', () => {
  it('makes the create body with numbers read from the text, as the contract takes it', () => {
    const checked = createBody(filled);
    expect(checked).toEqual({
      ok: true,
      body: expect.objectContaining({
        title: 'Jeera Masino Rice',
        category: 3,
        marked_price: 500,
        selling_price: 450.5,
        stock: 12,
        low_stock_threshold: 10,
        is_active: true,
      }),
    });
  });

  it('shows the contract’s messages beside the fields', () => {
    const checked = createBody({ ...emptyProductForm, marked_price: 'ten', selling_price: '1.234' });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.title).toBe('Title is required');
    expect(checked.errors.category).toBe('Category is required');
    expect(checked.errors.marked_price).toBe('Marked price must be a number');
    expect(checked.errors.selling_price).toBe('Selling price can have at most 2 decimals (paisa)');
  });

  it('refuses a selling price above the marked price, and a negative one', () => {
    const above = createBody({ ...filled, selling_price: '500.01' });
    expect(above).toEqual({ ok: false, errors: { selling_price: SELLING_ABOVE_MARKED } });
    const negative = createBody({ ...filled, selling_price: '-1' });
    expect(negative).toEqual({ ok: false, errors: { selling_price: 'Selling price cannot be negative' } });
  });

  it('sends only the changed fields of an edit, with the version read, and never the stock', () => {
    const values = {
      ...productToForm(sampleProduct),
      selling_price: '999',
      is_today_special: true,
      stock: '1',
    };
    expect(updateBody(sampleProduct, values)).toEqual({
      ok: true,
      body: { version: 4, selling_price: 999, is_today_special: true },
    });
    expect(updateBody(sampleProduct, productToForm(sampleProduct))).toEqual({
      ok: true,
      body: { version: 4 },
    });
  });

  it('checks an edit as a whole product: selling above the unchanged marked price is refused', () => {
    const values = { ...productToForm(sampleProduct), selling_price: '1300' };
    expect(updateBody(sampleProduct, values)).toEqual({
      ok: false,
      errors: { selling_price: SELLING_ABOVE_MARKED },
    });
  });

  it('shows the category by its title and flags as Yes or No in the 409 notice', () => {
    const theirs = { ...sampleProduct, category_id: 4, category_title: 'Pulses', is_active: false };
    expect(productForNotice(theirs)).toMatchObject({
      category: 'Pulses',
      is_active: 'No',
      selling_price: 1099.5,
    });
  });
});
