import { CANCEL_REASONS, CANCEL_REASONS_NE } from '@pasal/contract/staff-cancel-reasons';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, t } from '../i18n/i18n';
import { ne } from '../i18n/messages-ne';
import { CANCEL_TEXTS, cancelReasonText } from './staff-cancel-reason';

afterEach(() => applyLanguage('en'));

describe('a staff cancellation reason', () => {
  it("has every listed reason and the shop's own in the Nepali catalogue, in the words of the SMS", () => {
    for (const code of CANCEL_REASONS) expect(ne[CANCEL_TEXTS[code]]).toBe(CANCEL_REASONS_NE[code]);
  });

  it("is shown in the reader's language when listed, and as typed otherwise", async () => {
    expect(cancelReasonText(t, 'Duplicate order', 'Duplicate order')).toBe('Duplicate order');
    await applyLanguage('ne');
    expect(cancelReasonText(t, 'Duplicate order', 'Duplicate order')).toBe('दोहोरिएको अर्डर');
    expect(cancelReasonText(t, null, 'Shop closed for Tihar')).toBe('Shop closed for Tihar');
  });
});
