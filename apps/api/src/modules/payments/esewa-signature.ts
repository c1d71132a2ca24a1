import { createHmac, timingSafeEqual } from 'node:crypto';

/** The fields a payment request signs, in eSewa's documented order. */
export const ESEWA_REQUEST_SIGNED_FIELDS = 'total_amount,transaction_uuid,product_code';

/** The UAT merchant secret eSewa publishes for EPAYTEST (a documentation fact, not a credential). */
export const ESEWA_UAT_SECRET = '8gBm/:&EnhH.1/q';
export const ESEWA_UAT_PRODUCT_CODE = 'EPAYTEST';

/** eSewa's message: `name=value` for each name in signed_field_names, joined by commas. */
export function esewaMessage(signedFieldNames: string, values: Record<string, string>): string {
  return signedFieldNames
    .split(',')
    .map((name) => `${name}=${values[name] ?? ''}`)
    .join(',');
}

/** base64(HMAC-SHA256(message, secret)). */
export function esewaSign(message: string, secret: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('base64');
}

export function esewaSignatureMatches(message: string, signature: string, secret: string): boolean {
  const expected = Buffer.from(esewaSign(message, secret), 'base64');
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
