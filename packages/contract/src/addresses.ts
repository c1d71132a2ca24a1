import { z } from 'zod';
import { hasNoNul, NUL_CHARACTER } from './auth';
import { idParam } from './common';

// A customer's delivery addresses (shopping.md §3 Address; docs/decisions/008).

/** Index = the number the spec's server may send: 0 = Home, 1 = Work, 2 = Other. */
export const ADDRESS_TYPES = ['Home', 'Work', 'Other'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** A customer keeps at most this many live addresses. */
export const MAX_ADDRESSES = 20;

export const ADDRESS_TYPE_MESSAGE = 'Address type must be Home, Work or Other (or 0, 1, 2)';
export const PHONE_RULE_MESSAGE =
  'Enter a Nepali phone number: a 10-digit mobile number starting with 9, or a landline with its area code (9 digits starting with 0, such as 014123456)';
export const MUNICIPALITY_REQUIRED = 'Local level (municipality) is required';

const MAX_ID = 2_147_483_647;

function requiredText(label: string, max: number) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    .min(1, { message: `${label} is required`, abort: true })
    .max(max, { message: `${label} must be at most ${max} characters`, abort: true })
    .refine(hasNoNul, NUL_CHARACTER);
}

/**
 * An id in a JSON body: a number, or a string of digits (what a form's select gives). A missing,
 * null or blank value gets the `required` message.
 */
export function bodyId(label: string, required = `${label} is required`) {
  return z
    .union([z.number(), z.string()], {
      error: (issue) =>
        issue.input === undefined || issue.input === null ? required : `${label} must be an id`,
    })
    .transform((value, ctx) => {
      if (typeof value === 'string' && value.trim() === '') {
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      const text = typeof value === 'string' ? value.trim() : '';
      const id = typeof value === 'number' ? value : /^\d+$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isInteger(id) || id < 1 || id > MAX_ID) {
        ctx.addIssue({ code: 'custom', message: `${label} must be an id` });
        return z.NEVER;
      }
      return id;
    })
    .describe('Id: a number, or a string of digits');
}

/** An id that may be left out: null or a blank string mean "none". */
export function optionalBodyId(label: string) {
  return z
    .union([z.number(), z.string(), z.null()], { error: `${label} must be an id` })
    .transform((value, ctx) => {
      if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
      const text = typeof value === 'string' ? value.trim() : '';
      const id = typeof value === 'number' ? value : /^\d+$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isInteger(id) || id < 1 || id > MAX_ID) {
        ctx.addIssue({ code: 'custom', message: `${label} must be an id` });
        return z.NEVER;
      }
      return id;
    })
    .describe('Id, or null / empty for none');
}

export const addressTypeInput = z
  .union([z.enum(ADDRESS_TYPES), z.literal([0, 1, 2]), z.enum(['0', '1', '2'])], {
    error: ADDRESS_TYPE_MESSAGE,
  })
  .transform((value): 0 | 1 | 2 => {
    if (typeof value === 'number') return value;
    if (value === '0' || value === '1' || value === '2') return Number(value) as 0 | 1 | 2;
    return ADDRESS_TYPES.indexOf(value) as 0 | 1 | 2;
  })
  .describe('Home, Work or Other; 0, 1 or 2 (also as strings) are accepted too');

/**
 * A Nepali phone number in its national form: spaces, dashes, dots and brackets are dropped, and a
 * +977 / 00977 / 977 country code is removed (a landline's leading 0 is put back).
 */
export function normalizeNepaliPhone(raw: string): string {
  let digits = raw.replace(/[\s\-.()]/g, '');
  const international = /^(?:\+|00)?977(\d+)$/.exec(digits);
  // A bare 977… is a country code only when what follows is longer than a national number could be short.
  if (international && (digits.startsWith('+') || digits.startsWith('00') || digits.length > 10)) {
    const national = international[1];
    digits = national.startsWith('9') || national.startsWith('0') ? national : `0${national}`;
  }
  return digits;
}

/** Mobile: 10 digits starting with 9. Landline: 0, the area code and the number, 9 digits in all. */
export function isNepaliPhone(national: string): boolean {
  return /^9\d{9}$/.test(national) || /^0\d{8}$/.test(national);
}

export const nepaliPhone = requiredText('Phone number', 20)
  .transform(normalizeNepaliPhone)
  .refine(isNepaliPhone, PHONE_RULE_MESSAGE)
  .describe(
    'Nepali mobile (10 digits starting with 9) or landline with area code (9 digits starting with 0); +977 accepted. Stored and answered in national form.',
  );

const addressFields = {
  address_type: addressTypeInput.optional(),
  full_name: requiredText('Full name', 100),
  phone: nepaliPhone,
  location: requiredText('Location', 255).describe('Street, tole, house: free text'),
  land_mark: z
    .union(
      [
        z.string().trim().max(255, 'Landmark must be at most 255 characters').refine(hasNoNul, NUL_CHARACTER),
        z.null(),
      ],
      {
        error: 'Landmark must be text',
      },
    )
    .optional()
    .transform((value) => (value === null ? '' : value)),
  province: bodyId('Province'),
  district: bodyId('District'),
  municipality: bodyId('Local level', MUNICIPALITY_REQUIRED).describe('Local level (municipality) id'),
  nearest_branch: optionalBodyId('Delivery station')
    .optional()
    .describe(
      'Delivery station id; must serve the local level. Null or empty for none (the nearest serves).',
    ),
  is_default: z.boolean({ error: 'is_default must be true or false' }).optional(),
};

export const addressCreateRequest = z.object(addressFields);
export type AddressCreateRequest = z.input<typeof addressCreateRequest>;
export type AddressCreateInput = z.output<typeof addressCreateRequest>;

/** PATCH: any subset of the create fields; the address as a whole must still be consistent. */
export const addressUpdateRequest = z.object(addressFields).partial();
export type AddressUpdateRequest = z.input<typeof addressUpdateRequest>;
export type AddressUpdateInput = z.output<typeof addressUpdateRequest>;

export const address = z.object({
  id: z.number().int(),
  address_type: z.enum(ADDRESS_TYPES).describe('Always answered as a name (requests may send 0, 1, 2)'),
  location: z.string(),
  land_mark: z.string(),
  province: z.string().describe('Province name'),
  province_ne: z.string().describe('Province name in Nepali'),
  province_id: z.number().int(),
  district: z.string().describe('District name'),
  district_ne: z.string().describe('District name in Nepali'),
  district_id: z.number().int(),
  municipality: z.string().describe('Local level name'),
  municipality_ne: z.string().describe('Local level name in Nepali'),
  municipality_id: z.number().int(),
  nearest_branch: z.string().nullable().describe('Delivery station name, or null when none was chosen'),
  nearest_branch_id: z.number().int().nullable(),
  full_name: z.string(),
  phone: z.string(),
  is_default: z.boolean(),
  is_deliverable: z.boolean().describe('False when no active delivery station serves the local level'),
});
export type Address = z.infer<typeof address>;

export const addressList = z.object({ data: z.array(address).describe('Default first, then newest first') });
export type AddressList = z.infer<typeof addressList>;

export const addressResponse = z.object({ message: z.string(), data: address });
export type AddressResponse = z.infer<typeof addressResponse>;

export const addressDeleteResponse = z.object({ message: z.string() });
export type AddressDeleteResponse = z.infer<typeof addressDeleteResponse>;

export const addressParams = z.object({ id: idParam });
