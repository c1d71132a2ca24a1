import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { MAX_AVATAR_BYTES } from '@pasal/contract/profile';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { API, login } from '../auth/auth-test-helpers';
import { AVATAR_UPLOADS_HOURLY, TOO_MANY_UPLOADS } from './avatar-service';

let t: TestApp;
let alice: string;
let bob: string;
beforeAll(async () => {
  t = await buildTestApp();
  const a = await createUser(t.db, { firstName: 'Alice', email: 'alice@example.com' });
  const b = await createUser(t.db, { firstName: 'Bob', email: 'bob@example.com' });
  alice = (await login(t.app, a.phone!, 'Passw0rd!')).access_token;
  bob = (await login(t.app, b.phone!, 'Passw0rd!')).access_token;
});
afterAll(async () => {
  await t.close();
});

function auth(token: string) {
  return { authorization: `Bearer ${token}` };
}

function getProfile(token: string) {
  return t.app.inject({ method: 'GET', url: `${API}/profile/`, headers: auth(token) });
}

function update(token: string, payload: object) {
  return t.app.inject({ method: 'PUT', url: `${API}/profile/update/`, headers: auth(token), payload });
}

function multipart(bytes: Buffer, filename: string, field = 'image') {
  const boundary = '----pasal-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(token: string, bytes: Buffer, filename = 'me.png', field = 'image') {
  const body = multipart(bytes, filename, field);
  return t.app.inject({
    method: 'POST',
    url: `${API}/change/profile/pic/`,
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
}

/** A valid PNG of exactly `size` bytes: a small image padded with a private ancillary chunk. */
async function pngOfSize(size: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
  const iend = png.length - 12;
  const dataLength = size - png.length - 12;
  const chunk = Buffer.alloc(12 + dataLength);
  chunk.writeUInt32BE(dataLength, 0);
  chunk.write('prVt', 4, 'latin1');
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + dataLength)), 8 + dataLength);
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

describe('profile', () => {
  test('needs a bearer token', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${API}/profile/` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${API}/profile/update/`, payload: {} })).statusCode,
    ).toBe(401);
  });

  test('each user reads and changes only their own profile', async () => {
    const mine = await getProfile(alice);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({
      user: { first_name: 'Alice', middle_name: '', last_name: 'User', email: 'alice@example.com' },
      profile: { image: null, date_of_birth: null, gender: null },
    });
    const changed = await update(bob, {
      user: { first_name: 'Robert', last_name: 'Rai' },
      gender: 'Male',
      date_of_birth: '1990-05-01',
    });
    expect(changed.statusCode).toBe(200);
    expect((await getProfile(alice)).json().data.user.first_name).toBe('Alice');
    expect((await getProfile(bob)).json().data.user.first_name).toBe('Robert');
  });

  test('says whether the account is staff (the storefront links staff to the console)', async () => {
    const staff = await createUser(t.db, { isStaff: true });
    const token = (await login(t.app, staff.phone!, 'Passw0rd!')).access_token;
    expect((await getProfile(token)).json().data.user.is_staff).toBe(true);
    expect((await getProfile(alice)).json().data.user.is_staff).toBe(false);
  });

  test('update trims names and answers the new profile', async () => {
    const answer = await update(alice, {
      user: { first_name: '  Alice  ', last_name: ' Gurung ', middle_name: ' Maya ' },
      gender: 'Female',
      date_of_birth: '1995-12-31',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      message: 'Profile updated successfully',
      data: {
        user: expect.objectContaining({ first_name: 'Alice', middle_name: 'Maya', last_name: 'Gurung' }),
        profile: { image: null, gender: 'Female', date_of_birth: '1995-12-31' },
      },
    });
    const cleared = await update(alice, {
      user: { first_name: 'Alice', last_name: 'Gurung' },
      gender: '',
      date_of_birth: null,
    });
    expect(cleared.json().data.profile).toMatchObject({ gender: null, date_of_birth: null });
    expect(cleared.json().data.user.middle_name).toBe('');
  });

  test("names follow the sign-up form's rule: letters only, so no link or markup reaches a greeting", async () => {
    for (const [field, value] of [
      ['first_name', 'Win a prize at https://evil.example'],
      ['first_name', '<b>Sita</b>'],
      ['last_name', 'Sharma 123'],
    ] as const) {
      const refused = await update(alice, {
        user: { first_name: 'Sita', last_name: 'Sharma', [field]: value },
      });
      expect(refused.statusCode).toBe(400);
      const label = field === 'first_name' ? 'First name' : 'Last name';
      expect(refused.json().error[`user.${field}`]).toEqual([`${label} must contain only letters`]);
    }
    const middle = await update(alice, {
      user: { first_name: 'Sita', last_name: 'Sharma', middle_name: 'call 9800000000' },
    });
    expect(middle.json().error['user.middle_name']).toEqual(['Middle name must contain only letters']);
    const ok = await update(alice, {
      user: { first_name: 'सीता', last_name: "D'Souza-Rai", middle_name: 'Kumari Devi' },
    });
    expect(ok.statusCode).toBe(200);
  });

  test('name lengths: 1 and 100 accepted, blank and 101 refused', async () => {
    const ok = await update(alice, { user: { first_name: 'A', last_name: 'b'.repeat(100) } });
    expect(ok.statusCode).toBe(200);
    const blank = await update(alice, { user: { first_name: '   ', last_name: 'x' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error['user.first_name']).toEqual(['First name is required']);
    const long = await update(alice, { user: { first_name: 'a', last_name: 'b'.repeat(101) } });
    expect(long.json().error['user.last_name']).toEqual(['Last name must be at most 100 characters']);
    const middle = await update(alice, {
      user: { first_name: 'a', last_name: 'b', middle_name: 'm'.repeat(101) },
    });
    expect(middle.statusCode).toBe(400);
  });

  test('gender and date of birth rules', async () => {
    const names = { first_name: 'Alice', last_name: 'Gurung' };
    expect((await update(alice, { user: names, gender: 'male' })).statusCode).toBe(400);
    expect((await update(alice, { user: names, date_of_birth: '2023-02-30' })).statusCode).toBe(400);
    expect((await update(alice, { user: names, date_of_birth: 'yesterday' })).statusCode).toBe(400);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await update(alice, { user: names, date_of_birth: tomorrow });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.date_of_birth).toEqual(['Date of birth cannot be in the future']);
    expect(
      (await update(alice, { user: names, gender: 'Other', date_of_birth: '2000-02-29' })).statusCode,
    ).toBe(200);
  });
});

describe('profile picture', () => {
  test('an image becomes a 256×256 WebP; the old file is removed', async () => {
    const first = await upload(
      alice,
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#f00' } })
        .jpeg()
        .toBuffer(),
      'me.jpg',
    );
    expect(first.statusCode).toBe(200);
    const { image, success, message } = first.json();
    expect({ success, message }).toEqual({ success: true, message: 'Profile picture updated successfully' });
    expect(image).toMatch(/^\/media\/avatars\/\d+-[0-9a-f]+\.webp$/);
    const file = join(t.dataDir, image.replace('/media/', 'media/'));
    const meta = await sharp(file).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'webp',
      width: 256,
      height: 256,
    });
    expect((await getProfile(alice)).json().data.profile.image).toBe(image);
    const served = await t.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);

    const second = await upload(alice, await pngOfSize(10_000));
    expect(second.statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(join(t.dataDir, second.json().image.replace('/media/', 'media/')))).toBe(true);
  });

  test('non-image bytes named .png are refused', async () => {
    const fake = await upload(
      alice,
      Buffer.from('this is not an image at all, just text pretending'),
      'photo.png',
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({
      message: 'Please select an image file',
      error: { image: ['Please select an image file'] },
    });
    const svg = await upload(
      alice,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      'x.png',
    );
    expect(svg.statusCode).toBe(400);
    const noFile = await upload(alice, Buffer.from('x'), 'x.png', 'other');
    expect(noFile.statusCode).toBe(400);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `${API}/change/profile/pic/`,
      headers: auth(alice),
      payload: {},
    });
    expect(notMultipart.statusCode).toBe(400);
  });

  test('5 MB: one byte under is accepted, exactly 5 MB is refused', async () => {
    const under = await upload(bob, await pngOfSize(MAX_AVATAR_BYTES - 1));
    expect(under.statusCode).toBe(200);
    const at = await upload(bob, await pngOfSize(MAX_AVATAR_BYTES));
    expect(at.statusCode).toBe(413);
    expect(at.json().message).toBe('Image size should be less than 5MB');
  });

  test('needs a bearer token', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `${API}/change/profile/pic/`,
      ...multipart(Buffer.from('x'), 'x.png'),
    });
    expect(answer.statusCode).toBe(401);
  });

  test('a malformed multipart body is a 400 on image, not a 500', async () => {
    const unreadable = {
      message: 'The upload could not be read. Please select an image file.',
      error: { image: ['The upload could not be read. Please select an image file.'] },
    };
    // curl -H 'Content-Type: multipart/form-data' --data 'xx': no boundary.
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: `${API}/change/profile/pic/`,
      headers: { ...auth(alice), 'content-type': 'multipart/form-data' },
      payload: 'xx',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toEqual(unreadable);
    // A boundary, but the body stops in the middle of the file.
    const body = multipart(Buffer.from('partial image bytes'), 'me.png');
    const truncated = await t.app.inject({
      method: 'POST',
      url: `${API}/change/profile/pic/`,
      headers: { ...auth(alice), ...body.headers },
      payload: body.payload.subarray(0, body.payload.length - 30),
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual(unreadable);
  });

  test('concurrent uploads leave exactly one avatar file, the one the profile shows', async () => {
    const user = await createUser(t.db);
    const token = (await login(t.app, user.phone!, 'Passw0rd!')).access_token;
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a52' } })
      .png()
      .toBuffer();
    const answers = await Promise.all(Array.from({ length: 4 }, () => upload(token, png)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const files = readdirSync(join(t.dataDir, 'media/avatars')).filter((name) =>
      name.startsWith(`${user.id}-`),
    );
    const shown = (await getProfile(token)).json().data.profile.image;
    expect(files.map((name) => `/media/avatars/${name}`)).toEqual([shown]);
  });
});

describe('profile picture limits', () => {
  test('10 pictures an hour per customer, then 429; a file that is no picture counts nothing, a broken one counts', async () => {
    const user = await createUser(t.db);
    const token = (await login(t.app, user.phone!, 'Passw0rd!')).access_token;
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#25a' } })
      .png()
      .toBuffer();
    for (let i = 0; i < 3; i += 1)
      expect((await upload(token, Buffer.from('not a picture'))).statusCode).toBe(400);
    // A picture broken after its header is decoded before it is refused: it costs what a whole one does.
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a52' } })
      .jpeg()
      .toBuffer();
    expect((await upload(token, photo.subarray(0, Math.floor(photo.length / 2)))).statusCode).toBe(400);
    for (let i = 0; i < AVATAR_UPLOADS_HOURLY - 1; i += 1)
      expect((await upload(token, png)).statusCode).toBe(200);
    const refused = await upload(token, png);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_UPLOADS);
    // Sent all at once, they cannot slip past it either.
    const hasty = await createUser(t.db);
    const hastyToken = (await login(t.app, hasty.phone!, 'Passw0rd!')).access_token;
    const answers = await Promise.all(
      Array.from({ length: AVATAR_UPLOADS_HOURLY + 4 }, () => upload(hastyToken, png)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(AVATAR_UPLOADS_HOURLY);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(4);
    // Another customer is not held up.
    const other = await createUser(t.db);
    const otherToken = (await login(t.app, other.phone!, 'Passw0rd!')).access_token;
    expect((await upload(otherToken, png)).statusCode).toBe(200);
  });
});

describe('profile text', () => {
  test('a NUL character in a name is a field error', async () => {
    const answer = await update(alice, { user: { first_name: 'Al\u0000ice', last_name: 'Rai' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error['user.first_name']).toEqual(['Must not contain a NUL character']);
  });
});

describe('message language', () => {
  function chooseLanguage(token: string | undefined, payload: unknown) {
    return t.app.inject({
      method: 'PUT',
      url: `${API}/profile/language/`,
      headers: token ? auth(token) : {},
      payload: payload as object,
    });
  }

  test('English until the owner chooses Nepali; the profile says which', async () => {
    const user = await createUser(t.db);
    const token = (await login(t.app, user.phone!, 'Passw0rd!')).access_token;
    expect((await getProfile(token)).json().data.user.language).toBe('en');
    const chosen = await chooseLanguage(token, { language: 'ne' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({
      message: 'Language updated successfully',
      data: { user: { language: 'ne', first_name: 'Test' } },
    });
    expect((await getProfile(token)).json().data.user.language).toBe('ne');
    expect((await chooseLanguage(token, { language: 'en' })).json().data.user.language).toBe('en');
  });

  test('only en and ne, with a message saying so', async () => {
    for (const language of ['fr', 'NE', 'nepali', '', 1]) {
      const answer = await chooseLanguage(bob, { language });
      expect(answer.statusCode, String(language)).toBe(400);
      expect(answer.json().error.language, String(language)).toEqual(['Language must be en or ne']);
    }
    const missing = await chooseLanguage(bob, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.language).toEqual(['Language is required']);
    expect((await getProfile(bob)).json().data.user.language).toBe('en');
  });

  test('changes only the caller: another account named in the body is untouched', async () => {
    const carol = await createUser(t.db);
    const dave = await createUser(t.db);
    const daveToken = (await login(t.app, dave.phone!, 'Passw0rd!')).access_token;
    const answer = await chooseLanguage(daveToken, { language: 'ne', user_id: carol.id, id: carol.id });
    expect(answer.statusCode).toBe(200);
    const [carolNow] = await t.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, carol.id));
    expect(carolNow.language).toBe('en');
    expect(answer.json().data.user.email).toBe(dave.email);
  });

  test('needs a bearer token', async () => {
    expect((await chooseLanguage(undefined, { language: 'ne' })).statusCode).toBe(401);
  });
});
