import type { OutboxList } from '@pasal/contract/messaging';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { districts, municipalities } from '../../db/schema/locations';
import { users } from '../../db/schema/users';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createProduct, createUser } from '../../test/factories';
import { call, type Shopper } from '../../test/shopper';
import { latestOtp, newPhone, post, signupForm } from '../auth/auth-test-helpers';
import { body, customerWithAddress, order } from '../checkout/checkout-test-helpers';

// Messages in the customer's language (decision 045), as the dev outbox shows them.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
});
afterAll(async () => {
  await t.close();
});

async function outboxOf(to: string): Promise<OutboxList> {
  const answer = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(answer.statusCode).toBe(200);
  return answer.json<OutboxList>();
}

function chooseLanguage(as: Shopper, language: string) {
  return call(t.app, 'PUT', '/profile/language/', { as, payload: { language } });
}

async function phoneOf(userId: number): Promise<string> {
  const [row] = await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return row.phone!;
}

describe('codes in the language the visitor chose', () => {
  test('an e-mail sign-up in Nepali gets its OTP in Nepali, in one SMS; English otherwise', async () => {
    const nepali = signupForm({ language: 'ne' });
    const created = await post(t.app, '/signup/', nepali);
    expect(created.statusCode).toBe(201);
    const sent = await post(t.app, '/otp/public/send/', {
      phone: nepali.phone,
      signup_token: created.json().signup_token,
    });
    expect(sent.statusCode).toBe(200);
    const otp = await latestOtp(t.app, nepali.phone);
    const { results, totals } = await outboxOf(nepali.phone);
    expect(results[0]).toMatchObject({
      channel: 'sms',
      text: `पसल: प्रमाणीकरण कोड ${otp} हो। १० मिनेटसम्म मान्य। कसैलाई नदिनुहोस्।`,
      segments: 1,
    });
    expect(totals).toEqual({ sms_messages: 1, sms_segments: 1 });

    const english = signupForm();
    const made = await post(t.app, '/signup/', english);
    await post(t.app, '/otp/public/send/', { phone: english.phone, signup_token: made.json().signup_token });
    const [code] = (await outboxOf(english.phone)).results;
    expect(code.text).toBe(
      `Your Pasal verification code is ${code.otp}. It expires in 10 minutes. Do not share it with anyone.`,
    );
    expect(code.segments).toBe(1);
  });

  test('a sign-up with a language the shop does not speak is refused', async () => {
    const answer = await post(t.app, '/signup/', signupForm({ language: 'fr' }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.language).toEqual(['Language must be en or ne']);
  });

  test('a phone sign-up in Nepali gets its OTP in Nepali and the account keeps the language', async () => {
    const phone = newPhone();
    expect((await post(t.app, '/onboarding/send-otp/', { phone, language: 'ne' })).statusCode).toBe(200);
    const otp = await latestOtp(t.app, phone);
    const [sms] = (await outboxOf(phone)).results;
    expect(sms.text).toContain(`प्रमाणीकरण कोड ${otp}`);
    const verified = await post(t.app, '/onboarding/verify-otp/', { phone, otp });
    const set = await post(t.app, '/onboarding/set-password/', {
      phone,
      password: 'secret12',
      setup_token: verified.json().setup_token,
      language: 'ne',
    });
    expect(set.statusCode).toBe(200);
    const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.phone, phone));
    expect(row.language).toBe('ne');
  });

  test('the password reset code comes in the account language', async () => {
    const user = await createUser(t.db, { language: 'ne', emailVerifiedAt: new Date() });
    const email = user.email!;
    expect((await post(t.app, '/otp/public/send/email/', { email })).statusCode).toBe(200);
    const [mail] = (await outboxOf(email)).results;
    expect(mail).toMatchObject({ channel: 'email', segments: null });
    expect(mail.text).toBe(`पसल: पासवर्ड रिसेट कोड ${mail.otp}। १० मिनेटसम्म मान्य। कसैलाई नदिनुहोस्।`);
  });
});

describe('order confirmations in the language the customer chose', () => {
  test('by SMS: Nepali (two Unicode parts) for a customer who chose Nepali, English for another', async () => {
    const rice = await createProduct(t.db, {
      title: 'Jeera Masino Rice 5 kg',
      nepaliTitle: 'जीरा मसिनो चामल ५ केजी',
      sellingPrice: 161_000,
      markedPrice: 161_000,
    });
    const sita = await customerWithAddress(t.app, t.db, { email: null });
    expect((await chooseLanguage(sita, 'ne')).statusCode).toBe(200);
    const placed = await order(t.app, sita, body(sita.addressId, [[rice.id, 1]]));
    expect(placed.statusCode).toBe(201);
    const { tracking_id } = placed.json();
    const phone = await phoneOf(sita.id);
    const { results, totals } = await outboxOf(phone);
    expect(results[0]).toMatchObject({
      channel: 'sms',
      text: `पसल: तपाईंको अर्डर ${tracking_id} पक्का भयो। जम्मा रु १,६१०.००, डेलिभरीमा नगद। धन्यवाद!`,
      segments: 2,
    });
    expect(totals).toEqual({ sms_messages: 1, sms_segments: 2 });

    const ram = await customerWithAddress(t.app, t.db, { email: null });
    const his = await order(t.app, ram, body(ram.addressId, [[rice.id, 1]]));
    const [sms] = (await outboxOf(await phoneOf(ram.id))).results;
    expect(sms.text).toBe(
      `Pasal: your order ${his.json().tracking_id} is confirmed. Total Rs 1,610.00, cash on delivery. Thank you!`,
    );
    expect(sms.segments).toBe(1);
  });

  test('by e-mail: the Nepali mail names the products and places in Nepali', async () => {
    const rice = await createProduct(t.db, {
      title: 'Jeera Masino Rice 5 kg',
      nepaliTitle: 'जीरा मसिनो चामल ५ केजी',
      sellingPrice: 161_000,
      markedPrice: 161_000,
    });
    const email = `gita-${Date.now()}@example.com`;
    const gita = await customerWithAddress(t.app, t.db, { email, firstName: 'गीता' });
    await chooseLanguage(gita, 'ne');
    const placed = await order(t.app, gita, body(gita.addressId, [[rice.id, 2]]));
    expect(placed.statusCode).toBe(201);
    const [mail] = (await outboxOf(email)).results;
    expect(mail).toMatchObject({ channel: 'email', segments: null });
    expect(mail.text).toContain('नमस्ते गीता,');
    expect(mail.text).toContain(`तपाईंको अर्डर ${placed.json().tracking_id} हामीले पायौं।`);
    expect(mail.text).toContain('- २ × जीरा मसिनो चामल ५ केजी: रु ३,२२०.००');
    expect(mail.text).toContain('जम्मा: रु ३,२२०.००');
    // Kathmandu Metropolitan City, Kathmandu district (the address factory's), by their Nepali names.
    const [place] = await t.db
      .select({ municipality: municipalities.nameNe, district: districts.nameNe })
      .from(municipalities)
      .innerJoin(districts, eq(districts.id, municipalities.districtId))
      .where(and(eq(municipalities.name, 'Kathmandu'), eq(municipalities.type, 'metropolitan_city')));
    expect(mail.text).toContain(`, ${place.municipality}, ${place.district} (9841000000)`);
    expect(mail.text).not.toMatch(/Rs |Namaste/);
  });
});
