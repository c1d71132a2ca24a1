import { z } from 'zod';
import { bodyError, textInput, version, versionInput } from './admin-common';
import { money } from './common';
import { panInput, TAX_CLASSES } from './tax';

// Tax invoices, the shop's details printed on them and the sales register (docs/back-office-vat.md).

export const INVOICE_NOT_FOUND =
  'This order has no tax invoice yet: it gets one when delivered or paid online.';

export const invoiceLine = z.object({
  title: z.string(),
  quantity: z.number().int(),
  rate: money.describe('Unit price including VAT where the line is taxable'),
  amount: money.describe('quantity × rate'),
  tax_class: z.enum(TAX_CLASSES),
  discount: money.describe('This line’s share of the order’s discount'),
});

export const invoice = z.object({
  invoice_number: z.string().describe('Fiscal year and number in its gapless series: 2083/84-17'),
  fiscal_year: z.string().describe('Nepali fiscal year, from 1 Shrawan: 2083/84'),
  number: z.number().int(),
  order_id: z.number().int(),
  tracking_id: z.string(),
  issued_at: z.string().describe('ISO 8601'),
  date_bs: z.string().describe('Issue day in Bikram Sambat, Nepal time: 2083 Mangsir 10'),
  date_ad: z.string().describe('Issue day, Nepal time: 2026-11-26'),
  seller: z.object({ legal_name: z.string(), address: z.string(), pan: z.string() }),
  buyer: z.object({ name: z.string(), pan: z.string().nullable() }),
  lines: z.array(invoiceLine),
  subtotal: money,
  discount: money,
  delivery_charge: money.describe('Taxable at 13 %'),
  taxable_amount: money.describe('Taxable value without VAT (lines and delivery, after discount)'),
  exempt_amount: money,
  vat: money.describe('13/113 of the taxable amount including VAT, to the paisa, halves up'),
  total: money.describe('taxable_amount + vat + exempt_amount: the order’s total'),
  total_in_words: z.string().describe('Rupees One Thousand Two Hundred Fifty and Fifty Paisa Only'),
  total_in_words_ne: z.string().describe('The same in Nepali: रु. एक हजार दुई सय पचास र पैसा पचास मात्र'),
  cancelled: z.boolean().describe('The order was cancelled after the invoice was issued'),
  cancelled_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoice>;

export const invoiceResponse = z.object({ invoice });
export type InvoiceResponse = z.infer<typeof invoiceResponse>;

export const shopSettings = z.object({
  legal_name: z.string(),
  address: z.string(),
  pan: z.string(),
  version,
});
export type ShopSettings = z.infer<typeof shopSettings>;
export const shopSettingsResponse = z.object({ settings: shopSettings });
export type ShopSettingsResponse = z.infer<typeof shopSettingsResponse>;

export const shopSettingsUpdate = z.strictObject(
  {
    legal_name: textInput('Legal name', 200),
    address: textInput('Address', 500),
    pan: panInput,
    version: versionInput,
  },
  { error: bodyError('The body must be an object with legal_name, address, pan and version') },
);
export type ShopSettingsUpdate = z.input<typeof shopSettingsUpdate>;

export const BS_MONTH_INVALID = 'month must be a Bikram Sambat month such as 2083-08';

export const salesRegisterQuery = z.strictObject({
  month: z
    .string({ error: BS_MONTH_INVALID })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, BS_MONTH_INVALID)
    .describe('Bikram Sambat year and month (01 Baisakh … 12 Chaitra): 2083-08'),
});
