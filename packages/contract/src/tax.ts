import { z } from 'zod';

/** A product's VAT class: 13 % (included in its price) or exempt (docs/back-office-vat.md). */
export const TAX_CLASSES = ['vat13', 'exempt'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

export const VAT_PERCENT = 13;

/** A PAN/VAT registration number in Nepal: 9 digits. */
export const PAN_PATTERN = /^\d{9}$/;
export const PAN_INVALID = 'A PAN must be 9 digits';

/** An optional PAN: blank means none. */
export const panInput = z
  .string({ error: PAN_INVALID })
  .trim()
  .refine((text) => text === '' || PAN_PATTERN.test(text), PAN_INVALID)
  .describe('PAN/VAT number: 9 digits, or empty');
