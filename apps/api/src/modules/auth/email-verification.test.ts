import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { API, latestOtp, login, post, signupForm, wrongOtp } from './auth-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

let mailbox = 0;
function newEmail(): string {
  mailbox += 1;
  return `owner-${Date.now()}-${mailbox}@example.com`;
}

async function profileOf(token: string) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `${API}/profile/`,
    headers: { authorization: `Bearer ${token}` },
  });
  return answer.json().data.user as { email: string | null; email_verified: boolean };
}

async function rowOf(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('proving your own e-mail address', () => {
  test('a code sent to the address proves it; a wrong code does not', async () => {
    const email = newEmail();
    const user = await createUser(t.db, { email });
    const { access_token: token } = await login(t.app, user.phone!, 'Passw0rd!');
    expect(await profileOf(token)).toMatchObject({ email, email_verified: false });

    const sent = await post(t.app, '/email/verify/send/', { email }, { token });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('We have sent a verification code to your email.');
    const otp = await latestOtp(t.app, email);
    const wrong = await post(t.app, '/email/verify/', { email, otp: wrongOtp(otp) }, { token });
    expect(wrong.statusCode).toBe(400);
    expect((await profileOf(token)).email_verified).toBe(false);

    const proved = await post(t.app, '/email/verify/', { email, otp }, { token });
    expect(proved.statusCode).toBe(200);
    expect(proved.json().message).toBe('Your email address is verified.');
    expect(await profileOf(token)).toMatchObject({ email, email_verified: true });
    // Proved once is enough: no second code.
    const again = await post(t.app, '/email/verify/send/', { email }, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.email).toEqual(['This email address is already verified.']);
  });

  test('a visitor gets 401', async () => {
    expect((await post(t.app, '/email/verify/send/', { email: newEmail() })).statusCode).toBe(401);
    expect((await post(t.app, '/email/verify/', { email: newEmail(), otp: '123456' })).statusCode).toBe(401);
  });

  test('the password reset by e-mail code proves the address too', async () => {
    const email = newEmail();
    const user = await createUser(t.db, { email });
    expect((await post(t.app, '/otp/public/send/email/', { email })).statusCode).toBe(200);
    const otp = await latestOtp(t.app, email);
    const verified = await post(t.app, '/otp/public/verify/email/', { phone_or_email: email, otp });
    expect(verified.statusCode).toBe(200);
    expect((await rowOf(user.id)).emailVerifiedAt).not.toBeNull();
  });
});

describe("someone else's unproved claim never blocks the owner", () => {
  test('an account that never proved the address loses it to the owner who proves it', async () => {
    const email = newEmail();
    // Someone signed up with the owner's address and their own phone, and activated the account.
    const squatter = await createUser(t.db, { email });
    const owner = await createUser(t.db, { email: null });
    const { access_token: token } = await login(t.app, owner.phone!, 'Passw0rd!');

    expect((await post(t.app, '/email/verify/send/', { email }, { token })).statusCode).toBe(200);
    const otp = await latestOtp(t.app, email);
    // Adding an address to the account needs its password (a stolen token alone cannot).
    const noPassword = await post(t.app, '/email/verify/', { email, otp }, { token });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.password).toEqual([
      'Please enter your password to add this email address.',
    ]);
    const badPassword = await post(t.app, '/email/verify/', { email, otp, password: 'Wrong-one' }, { token });
    expect(badPassword.json().error.password).toEqual(['The password is not correct.']);

    const proved = await post(t.app, '/email/verify/', { email, otp, password: 'Passw0rd!' }, { token });
    expect(proved.statusCode).toBe(200);
    expect(await profileOf(token)).toMatchObject({ email, email_verified: true });
    expect((await rowOf(squatter.id)).email).toBeNull();
    // The address now logs the owner in, and a new sign-up with it is refused.
    expect((await login(t.app, email, 'Passw0rd!')).user_id).toBe(String(owner.id));
    const signup = await post(t.app, '/signup/', signupForm({ email }));
    expect(signup.statusCode).toBe(400);
    expect(signup.json().error.email).toEqual(['A user with this email already exists.']);
  });

  test("proving the address discards a pending sign-up's claim on it", async () => {
    const email = newEmail();
    const pending = await post(t.app, '/signup/', signupForm({ email }));
    expect(pending.statusCode).toBe(201);
    const owner = await createUser(t.db, { email: null });
    const { access_token: token } = await login(t.app, owner.phone!, 'Passw0rd!');
    expect((await post(t.app, '/email/verify/send/', { email }, { token })).statusCode).toBe(200);
    const otp = await latestOtp(t.app, email);
    const proved = await post(t.app, '/email/verify/', { email, otp, password: 'Passw0rd!' }, { token });
    expect(proved.statusCode).toBe(200);
    expect(await rowOf(Number(pending.json().user_id))).toBeUndefined();
  });

  test('an address its owner proved is refused to anyone else', async () => {
    const email = newEmail();
    await createUser(t.db, { email, emailVerifiedAt: new Date() });
    const other = await createUser(t.db, { email: null });
    const { access_token: token } = await login(t.app, other.phone!, 'Passw0rd!');
    const sent = await post(t.app, '/email/verify/send/', { email }, { token });
    expect(sent.statusCode).toBe(400);
    expect(sent.json().error.email).toEqual(['A user with this email already exists.']);
  });
});
