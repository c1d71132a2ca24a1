// GSM 03.38 default alphabet (one septet each) and its extension table (escape + septet: two).
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXTENSION = new Set('\f^{}\\[~]|€');

/** Characters in one SMS, and in each part of a concatenated one (the rest is the part header). */
export const SMS_LIMITS = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
} as const;

export type SmsEncoding = keyof typeof SMS_LIMITS;

/**
 * The units each character of `text` takes: septets when every character is in the GSM-7
 * alphabet (extension characters take two), otherwise UTF-16 code units (UCS-2: a character
 * outside the BMP, an emoji, takes two). Nepali text is always UCS-2: providers in Nepal do not
 * use the GSM national language tables.
 */
function units(text: string): { encoding: SmsEncoding; costs: number[] } {
  const chars = Array.from(text);
  if (chars.every((c) => GSM7_BASIC.has(c) || GSM7_EXTENSION.has(c))) {
    return { encoding: 'gsm7', costs: chars.map((c) => (GSM7_EXTENSION.has(c) ? 2 : 1)) };
  }
  return { encoding: 'ucs2', costs: chars.map((c) => c.length) };
}

/**
 * How many SMS the provider sends (and bills) for `text`: one up to 160 GSM-7 or 70 UCS-2 units;
 * beyond that, parts of 153 or 67, a character's units never split between two parts.
 */
export function smsSegments(text: string): { encoding: SmsEncoding; segments: number } {
  const { encoding, costs } = units(text);
  const limits = SMS_LIMITS[encoding];
  const total = costs.reduce((sum, cost) => sum + cost, 0);
  if (total <= limits.single) return { encoding, segments: 1 };
  let segments = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > limits.part) {
      segments += 1;
      used = 0;
    }
    used += cost;
  }
  return { encoding, segments };
}

/** The outbox's `segments` column: parts for an SMS, null for an e-mail. */
export function segmentsOf(message: { channel: 'sms' | 'email'; text: string }): number | null {
  return message.channel === 'sms' ? smsSegments(message.text).segments : null;
}
