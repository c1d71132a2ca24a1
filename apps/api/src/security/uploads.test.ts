import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_BANNER_IMAGE_BYTES } from '@pasal/contract/admin-banners';
import { MAX_CATEGORY_IMAGE_BYTES } from '@pasal/contract/admin-categories';
import { MAX_PRODUCT_IMAGE_BYTES } from '@pasal/contract/admin-products';
import { MAX_AVATAR_BYTES } from '@pasal/contract/profile';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rateLimits } from '../db/schema/platform';
import { NOT_AN_IMAGE, TOO_MANY_PIXELS } from '../lib/images';
import { API } from '../modules/auth/auth-test-helpers';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createProduct } from '../test/factories';
import { jpeg, pngClaiming, svgWithScript, textPretendingToBePng } from '../test/images';
import { newShopper, type Shopper } from '../test/shopper';
import { multipartForm, newStaff, type StaffMember } from '../test/staff';
import { changedTables, tableChecksums, tableNames } from './database-checksum';

// Every route that takes a picture (the avatar, and the console's product, category and banner
// pictures) against files that only pretend to be pictures: each is refused with a 4xx and a
// message, nothing is stored (no row, no file), and the server's memory does not balloon.

let t: TestApp;
let customer: Shopper;
let staff: StaffMember;
let tables: string[];

interface UploadRoute {
  name: string;
  url: () => string;
  token: () => string;
  maxBytes: number;
  fields?: Record<string, string>;
}

let productId: number;
let categoryId: number;
let bannerId: number;

const ROUTES: UploadRoute[] = [
  {
    name: 'avatar',
    url: () => `${API}/change/profile/pic/`,
    token: () => customer.token,
    maxBytes: MAX_AVATAR_BYTES,
  },
  {
    name: 'product picture',
    url: () => `/api/admin/products/${productId}/images/`,
    token: () => staff.token,
    maxBytes: MAX_PRODUCT_IMAGE_BYTES,
  },
  {
    name: 'category picture',
    url: () => `/api/admin/categories/${categoryId}/image/`,
    token: () => staff.token,
    maxBytes: MAX_CATEGORY_IMAGE_BYTES,
  },
  {
    name: 'new banner',
    url: () => '/api/admin/banners/',
    token: () => staff.token,
    maxBytes: MAX_BANNER_IMAGE_BYTES,
    fields: { title: 'Dashain offers' },
  },
  {
    name: 'banner picture',
    url: () => `/api/admin/banners/${bannerId}/image/`,
    token: () => staff.token,
    maxBytes: MAX_BANNER_IMAGE_BYTES,
  },
];

/** A GIF of a few bytes whose screen claims 65535 × 65535 pixels. */
function gifClaimingHuge(): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00]),
    Buffer.from([0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
  ]);
}

const ABUSE: {
  name: string;
  bytes: () => Buffer | Promise<Buffer>;
  filename: string;
  contentType?: string;
  messages: string[];
}[] = [
  {
    name: 'text renamed .png',
    bytes: () => textPretendingToBePng,
    filename: 'photo.png',
    messages: [NOT_AN_IMAGE],
  },
  {
    name: 'text sent as image/jpeg',
    bytes: () => Buffer.from('%PDF-1.7 not a picture'),
    filename: 'photo.jpg',
    contentType: 'image/jpeg',
    messages: [NOT_AN_IMAGE],
  },
  {
    name: 'SVG with a script, named .png',
    bytes: () => svgWithScript,
    filename: 'logo.png',
    messages: [NOT_AN_IMAGE],
  },
  {
    name: 'SVG with a script, as image/svg+xml',
    bytes: () => svgWithScript,
    filename: 'logo.svg',
    contentType: 'image/svg+xml',
    messages: [NOT_AN_IMAGE],
  },
  {
    name: 'PNG claiming 30000 × 30000 (decompression bomb)',
    bytes: () => pngClaiming(30_000, 30_000),
    filename: 'bomb.png',
    messages: [TOO_MANY_PIXELS],
  },
  {
    name: 'GIF claiming 65535 × 65535',
    bytes: gifClaimingHuge,
    filename: 'bomb.gif',
    contentType: 'image/gif',
    messages: [TOO_MANY_PIXELS, NOT_AN_IMAGE],
  },
  {
    name: 'a real picture cut in half',
    bytes: async () => {
      const whole = await jpeg(800, 600);
      return whole.subarray(0, Math.floor(whole.length / 2));
    },
    filename: 'half.jpg',
    messages: [NOT_AN_IMAGE],
  },
  { name: 'empty file', bytes: () => Buffer.alloc(0), filename: 'empty.png', messages: [NOT_AN_IMAGE] },
];

/** The rate counters, but those of customers' picture uploads. */
async function countersOtherThanAvatars() {
  const rows = await t.db.select().from(rateLimits);
  return rows
    .filter((row) => !row.key.startsWith('avatar:'))
    .map((row) => `${row.key} ${row.windowStart.toISOString()} ${row.count}`)
    .sort();
}

function mediaFiles(): string[] {
  const media = join(t.dataDir, 'media');
  try {
    return readdirSync(media, { recursive: true }).map(String).sort();
  } catch {
    return [];
  }
}

function send(
  route: UploadRoute,
  bytes: Buffer,
  filename: string,
  contentType?: string,
): Promise<LightMyRequestResponse> {
  const form = multipartForm({ bytes, filename, contentType }, route.fields);
  return t.app.inject({
    method: 'POST',
    url: route.url(),
    headers: { authorization: `Bearer ${route.token()}`, ...form.headers },
    payload: form.payload,
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  customer = await newShopper(t.app, t.db);
  staff = await newStaff(t.app, t.db);
  const product = await createProduct(t.db);
  productId = product.id;
  categoryId = product.categoryId;
  const banner = await send(ROUTES[3], await jpeg(1600, 500), 'banner.jpg');
  expect(banner.statusCode, banner.body).toBe(201);
  bannerId = banner.json().banner.id;
  tables = await tableNames(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe('uploads that are not pictures', () => {
  test('each is refused with a 400 and a message, storing nothing, without a memory spike', async () => {
    const files = mediaFiles();
    const before = await tableChecksums(t.db, tables);
    const countersBefore = await countersOtherThanAvatars();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    for (const route of ROUTES) {
      for (const abuse of ABUSE) {
        const answer = await send(route, await abuse.bytes(), abuse.filename, abuse.contentType);
        const label = `${route.name}: ${abuse.name}`;
        expect(answer.statusCode, `${label}: ${answer.body}`).toBe(400);
        expect(abuse.messages, label).toContain(answer.json().message);
        peak = Math.max(peak, process.memoryUsage().rss);
      }
    }
    // A customer's picture that had to be decoded counts against their hourly uploads, refused or
    // not (modules/profile/avatar-service.ts): that is the one change a refusal may make.
    expect(
      changedTables(before, await tableChecksums(t.db, tables)).filter((x) => x !== 'rate_limits'),
    ).toEqual([]);
    expect(await countersOtherThanAvatars()).toEqual(countersBefore);
    expect(mediaFiles()).toEqual(files);
    // Decoding one 30000 × 30000 bomb would take 2.7 GB; refusing all of them from their headers takes
    // next to nothing (the allowance is for the garbage of the requests themselves).
    expect(peak - rssBefore).toBeLessThan(256 * 1024 * 1024);
  });

  test('a file at the size limit is refused with 413 and a message, storing nothing', async () => {
    const files = mediaFiles();
    const before = await tableChecksums(t.db, tables);
    for (const route of ROUTES) {
      const answer = await send(route, Buffer.alloc(route.maxBytes, 0x41), 'huge.png');
      expect(answer.statusCode, route.name).toBe(413);
      expect(answer.json().message, route.name).toMatch(/(less|smaller) than \d+ ?MB/);
    }
    expect(changedTables(before, await tableChecksums(t.db, tables))).toEqual([]);
    expect(mediaFiles()).toEqual(files);
  });

  test('a real picture is still taken by every route (the refusals above are not blanket ones)', async () => {
    for (const route of ROUTES) {
      const answer = await send(route, await jpeg(1600, 900), 'photo.jpg');
      expect(answer.statusCode, `${route.name}: ${answer.body}`).toBeLessThan(300);
    }
  });
});
