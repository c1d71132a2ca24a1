import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';

let t: TestApp;
const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await buildTestApp();
  const banners = join(t.dataDir, 'media', 'banners');
  const avatars = join(t.dataDir, 'media', 'avatars');
  mkdirSync(banners, { recursive: true });
  mkdirSync(avatars, { recursive: true });
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#198754' } })
      .webp()
      .toBuffer();
  writeFileSync(join(banners, 'sale.webp'), await picture(1600, 500));
  writeFileSync(join(avatars, 'asha.webp'), await picture(256, 256));
});

afterAll(async () => {
  await t?.close();
});

test('a listed width is a narrower WebP of the same picture, cached for a year', async () => {
  for (let round = 0; round < 2; round++) {
    // The second request is answered from the copy kept on disk.
    const res = await get('/media/w/480/banners/sale.webp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([480, 150]);
    // Kept beside the media folder, not in it (backups copy the media folder).
    expect(existsSync(join(t.dataDir, 'media-variants', '480', 'banners', 'sale.webp'))).toBe(true);
  }
});

test('a copy is never wider than the picture itself', async () => {
  const original = await get('/media/banners/sale.webp');
  expect(original.statusCode).toBe(200);
  const res = await get('/media/w/1200/banners/sale.webp');
  expect((await sharp(res.rawPayload).metadata()).width).toBe(1200);
  const small = join(t.dataDir, 'media', 'banners', 'small.webp');
  writeFileSync(
    small,
    await sharp({ create: { width: 100, height: 50, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer(),
  );
  expect((await sharp((await get('/media/w/800/banners/small.webp')).rawPayload).metadata()).width).toBe(100);
});

test('an unlisted width, a missing picture, an avatar or a path outside the media are 404s', async () => {
  for (const url of [
    '/media/w/500/banners/sale.webp',
    '/media/w/0480/banners/sale.webp',
    '/media/w/99999/banners/sale.webp',
    '/media/w/480/banners/none.webp',
    '/media/w/480/avatars/asha.webp',
    '/media/w/480/banners/..%2F..%2Fpasal.db',
    '/media/w/480/..%2Fbanners/sale.webp',
  ]) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(404);
    expect(res.headers['cache-control'], url).toBe('no-store');
    expect(res.json().message, url).toEqual(expect.any(String));
  }
});
