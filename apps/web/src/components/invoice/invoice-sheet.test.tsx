import type { Invoice } from '@pasal/contract/invoices';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, t } from '../../i18n/i18n';
import { InvoiceSheet } from './invoice-sheet';

const invoice: Invoice = {
  invoice_number: '2083/84-17',
  fiscal_year: '2083/84',
  number: 17,
  order_id: 7,
  tracking_id: 'PSL-7',
  issued_at: '2026-11-26T04:00:00Z',
  date_bs: '2083 Mangsir 10',
  date_ad: '2026-11-26',
  seller: { legal_name: 'Pasal Pvt. Ltd.', address: 'Kathmandu', pan: '123456789' },
  buyer: { name: 'Sita Sharma', pan: null },
  lines: [{ title: 'Rice 5 kg', quantity: 1, rate: 650, amount: 650, tax_class: 'vat13', discount: 0 }],
  subtotal: 650,
  discount: 0,
  delivery_charge: 0,
  taxable_amount: 575.22,
  exempt_amount: 0,
  vat: 74.78,
  total: 650,
  total_in_words: 'Rupees Six Hundred Fifty Only',
  total_in_words_ne: 'रु. छ सय पचास मात्र',
  cancelled: false,
  cancelled_at: null,
};

/** The sheet's "Date" fact: the <dd> after its <dt>. */
const issueDay = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

afterEach(() => applyLanguage('en'));

describe('InvoiceSheet: the issue day', () => {
  it('in English: the BS day and the AD day, as the server wrote them', () => {
    render(<InvoiceSheet invoice={invoice} t={(text) => t(text)} />);
    expect(issueDay('Date')).toHaveTextContent('2083 Mangsir 10 BS (2026-11-26 AD)');
  });

  it('in Nepali: the BS day in Nepali with Devanagari digits, no English month or "BS"/"AD"', async () => {
    await applyLanguage('ne');
    render(<InvoiceSheet invoice={invoice} t={(text) => t(text)} />);
    const day = issueDay('मिति');
    expect(day).toHaveTextContent('वि.सं. २०८३ मंसिर १० (ई.सं. २०२६-११-२६)');
    expect(day?.textContent).not.toMatch(/[A-Za-z]/);
  });
});
