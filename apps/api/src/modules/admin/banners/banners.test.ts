import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type AdminBanner, BANNER_LINK_MESSAGE } from '@pasal/contract/admin-banners';
import { STALE_EDIT } from '@pasal/contract/admin-common';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { banners } from '../../../db/schema/marketing';
import { NOT_AN_IMAGE } from '../../../lib/images';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { jpeg, pngClaiming, textPretendingToBePng } from '../../../test/images';
import { call } from '../../../test/shopper';
import { admin, newStaff, type StaffMember, upload } from '../../../test/staff';

let t: TestApp;
let staff: StaffMember;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await newStaff(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

const file = (path: string) => join(t.dataDir, 'media', path.replace('/media/', ''));
const bannerFiles = () => {
  const dir = join(t.dataDir, 'media/banners');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

async function create(fields: Record<string, string>, bytes?: Buffer) {
  return upload(
    t.app,
    '/banners/',
    staff,
    { bytes: bytes ?? (await jpeg(2000, 800)), filename: 'b.jpg' },
    fields,
  );
}

async function storefrontBanners(): Promise<string[]> {
  return (await call(t.app, 'GET', '/banner/')).json().data.results.map((b: { title: string }) => b.title);
}

describe('banners', () => {
  test('created from a form with a picture (1600×500 WebP), listed in order, shown on the storefront while active', async () => {
    const first = await create({ title: 'Dashain offers', link: '/category/5' });
    expect(first.statusCode, first.body).toBe(201);
    const banner: AdminBanner = first.json().banner;
    expect(banner).toMatchObject({
      title: 'Dashain offers',
      link: '/category/5',
      position: 0,
      is_active: true,
      version: 1,
    });
    const meta = await sharp(file(banner.image)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 500]);
    const second = (
      await create({ title: 'Fresh every morning', is_active: 'false', link: 'https://example.com/x' })
    ).json().banner;
    expect(second).toMatchObject({ position: 1, is_active: false });
    const list = (await admin(t.app, 'GET', '/banners/', { as: staff })).json();
    expect(list.results.map((b: AdminBanner) => b.title)).toEqual(['Dashain offers', 'Fresh every morning']);
    expect(await storefrontBanners()).toEqual(['Dashain offers']);

    const shown = await admin(t.app, 'PATCH', `/banners/${second.id}/`, {
      as: staff,
      payload: { version: 1, is_active: true },
    });
    expect(shown.statusCode).toBe(200);
    const reordered = await admin(t.app, 'PUT', '/banners/order/', {
      as: staff,
      payload: { banner_ids: [second.id, banner.id] },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().results.map((b: AdminBanner) => [b.id, b.position])).toEqual([
      [second.id, 0],
      [banner.id, 1],
    ]);
    expect(await storefrontBanners()).toEqual(['Fresh every morning', 'Dashain offers']);
    const partial = await admin(t.app, 'PUT', '/banners/order/', {
      as: staff,
      payload: { banner_ids: [banner.id] },
    });
    expect(partial.statusCode).toBe(409);
    expect(partial.json().current.results).toHaveLength(2);
    const stale = await admin(t.app, 'PATCH', `/banners/${second.id}/`, {
      as: staff,
      payload: { version: 1, title: 'Old' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: STALE_EDIT,
      current: { is_active: true, position: 0, version: 3 },
    });

    const deleted = await admin(t.app, 'DELETE', `/banners/${banner.id}/?version=2`, { as: staff });
    expect(deleted.statusCode).toBe(200);
    expect(existsSync(file(banner.image))).toBe(false);
    expect(await storefrontBanners()).toEqual(['Fresh every morning']);
    const entries = (
      await admin(t.app, 'GET', `/audit/?entity=banner&entity_id=${banner.id}`, { as: staff })
    ).json().results;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['delete', 'reorder', 'create']);
    expect(entries[0]).toMatchObject({
      before: { title: 'Dashain offers', image: banner.image },
      after: null,
    });
  });

  test('a refused form or picture leaves no banner and no file behind', async () => {
    const files = bannerFiles();
    const [{ n }] = await t.db.select({ n: count() }).from(banners);
    const photo = await jpeg(400, 200);
    const cases: [Record<string, string>, Buffer | null, string][] = [
      [{}, photo, 'Title is required'],
      [{ title: 'No picture' }, null, NOT_AN_IMAGE],
      [{ title: 'Text' }, textPretendingToBePng, NOT_AN_IMAGE],
      [{ title: 'Bomb' }, pngClaiming(100_000, 100_000), 'too many pixels'],
      [{ title: 'Script link', link: 'javascript:alert(1)' }, photo, BANNER_LINK_MESSAGE],
      [{ title: 'Other host', link: '//evil.example' }, photo, BANNER_LINK_MESSAGE],
      [{ title: 'x', position: '-1' }, photo, 'Position must be a whole number'],
      [{ title: 'x', colour: 'red' }, photo, 'Unknown field: colour'],
    ];
    for (const [fields, bytes, message] of cases) {
      const answer = await upload(
        t.app,
        '/banners/',
        staff,
        bytes ? { bytes, filename: 'x.png' } : null,
        fields,
      );
      expect(answer.statusCode, JSON.stringify(fields)).toBe(400);
      expect(answer.json().message, JSON.stringify(fields)).toContain(message);
    }
    expect(bannerFiles()).toEqual(files);
    expect((await t.db.select({ n: count() }).from(banners))[0].n).toBe(n);
  });

  test('keep a Nepali title: given on the form, changed by an edit (audited), blank until written', async () => {
    const made = await create({ title: 'Tihar lights', nepali_title: 'तिहारका बत्ती' });
    expect(made.statusCode, made.body).toBe(201);
    const banner: AdminBanner = made.json().banner;
    expect(banner.nepali_title).toBe('तिहारका बत्ती');
    const plain: AdminBanner = (await create({ title: 'No Nepali yet' })).json().banner;
    expect(plain.nepali_title).toBe('');

    const edited = await admin(t.app, 'PATCH', `/banners/${plain.id}/`, {
      as: staff,
      payload: { version: plain.version, nepali_title: '  नेपाली अझै छैन ' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().banner).toMatchObject({ nepali_title: 'नेपाली अझै छैन', version: plain.version + 1 });
    const got = await admin(t.app, 'GET', `/banners/${plain.id}/`, { as: staff });
    expect(got.json().banner.nepali_title).toBe('नेपाली अझै छैन');
    const audit = (
      await admin(t.app, 'GET', `/audit/?entity=banner&entity_id=${plain.id}`, { as: staff })
    ).json().results;
    expect(audit[0]).toMatchObject({
      action: 'update',
      before: { nepali_title: '' },
      after: { nepali_title: 'नेपाली अझै छैन' },
    });
  });
});
