import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AdminCategory,
  type AdminCategoryTree,
  CATEGORY_DEPTH_MESSAGE,
} from '@pasal/contract/admin-categories';
import { STALE_EDIT } from '@pasal/contract/admin-common';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createProduct } from '../../../test/factories';
import { jpeg, svgWithScript } from '../../../test/images';
import { call } from '../../../test/shopper';
import { admin, newStaff, type StaffMember, upload } from '../../../test/staff';
import { HAS_CHILDREN, HAS_CHILDREN_CANNOT_MOVE, hasProducts } from './category-service';

let t: TestApp;
let staff: StaffMember;
let other: StaffMember;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await newStaff(t.app, t.db);
  other = await newStaff(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

async function create(payload: Record<string, unknown>): Promise<AdminCategory> {
  const answer = await admin(t.app, 'POST', '/categories/', { as: staff, payload });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().category;
}

const patch = (id: number, payload: unknown, as = staff) =>
  admin(t.app, 'PATCH', `/categories/${id}/`, { as, payload });

async function audit(id: number) {
  return (await admin(t.app, 'GET', `/audit/?entity=category&entity_id=${id}`, { as: staff })).json().results;
}

describe('categories', () => {
  test('a tree of top categories and subcategories, in order, with product counts', async () => {
    const grocery = await create({ title: 'Grocery & Staples', nepali_title: 'किराना', is_featured: true });
    const rice = await create({ title: 'Rice', parent: grocery.id });
    const dal = await create({ title: 'Dal & Pulses', parent: grocery.id });
    await createProduct(t.db, { categoryId: rice.id });
    expect([grocery.slug, rice.slug, dal.slug]).toEqual(['grocery-staples', 'rice', 'dal-pulses']);
    expect([rice.position, dal.position]).toEqual([0, 1]);
    const tree = (await admin(t.app, 'GET', '/categories/', { as: staff })).json<AdminCategoryTree>();
    const node = tree.results.find((c) => c.id === grocery.id)!;
    expect(node).toMatchObject({
      is_featured: true,
      nepali_title: 'किराना',
      parent_id: null,
      product_count: 0,
    });
    expect(node.children.map((c) => [c.title, c.product_count])).toEqual([
      ['Rice', 1],
      ['Dal & Pulses', 0],
    ]);
    expect(tree.count).toBeGreaterThanOrEqual(3);
    // The storefront shows the new category at once.
    const storefront = (await call(t.app, 'GET', '/category/all')).json().data.results;
    expect(
      storefront
        .find((c: { id: number }) => c.id === grocery.id)
        .subcategories.map((s: { title: string }) => s.title),
    ).toEqual(['Rice', 'Dal & Pulses']);
    const [entry] = await audit(rice.id);
    expect(entry).toMatchObject({
      action: 'create',
      before: null,
      after: { title: 'Rice', parent_id: grocery.id, version: 1 },
    });
  });

  test('siblings are put in a new order; a list made from an older view is a 409', async () => {
    const top = await create({ title: 'Bakery' });
    const bread = await create({ title: 'Bread', parent: top.id });
    const cakes = await create({ title: 'Cakes', parent: top.id });
    const cookies = await create({ title: 'Cookies', parent: top.id });
    const order = (category_ids: number[]) =>
      admin(t.app, 'PUT', '/categories/order/', { as: staff, payload: { parent: top.id, category_ids } });
    const answer = await order([cookies.id, bread.id, cakes.id]);
    expect(answer.statusCode, answer.body).toBe(200);
    const node = answer.json<AdminCategoryTree>().results.find((c) => c.id === top.id)!;
    expect(node.children.map((c) => [c.title, c.position])).toEqual([
      ['Cookies', 0],
      ['Bread', 1],
      ['Cakes', 2],
    ]);
    // Every category that moved has a new version and an audit entry.
    expect(node.children.map((c) => c.version)).toEqual([2, 2, 2]);
    const stale = await order([bread.id, cakes.id]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.results.find((c: { id: number }) => c.id === top.id).children).toHaveLength(
      3,
    );
    expect((await order([bread.id, bread.id, cakes.id])).statusCode).toBe(400);
    const [entry] = await audit(cookies.id);
    expect(entry).toMatchObject({
      action: 'reorder',
      before: { position: 2, version: 1 },
      after: { position: 0, version: 2 },
    });
  });

  test('two levels only, and no category is its own parent', async () => {
    const top = await create({ title: 'Household' });
    const sub = await create({ title: 'Cleaning', parent: top.id });
    const deeper = await admin(t.app, 'POST', '/categories/', {
      as: staff,
      payload: { title: 'Mops', parent: sub.id },
    });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json().error).toEqual({ parent: [CATEGORY_DEPTH_MESSAGE] });
    const another = await create({ title: 'Kitchen' });
    const moveTop = await patch(top.id, { version: 1, parent: another.id });
    expect(moveTop.json()).toEqual({
      message: HAS_CHILDREN_CANNOT_MOVE,
      error: { parent: [HAS_CHILDREN_CANNOT_MOVE] },
    });
    expect((await patch(another.id, { version: 1, parent: another.id })).statusCode).toBe(400);
    expect((await patch(another.id, { version: 1, parent: 999_999 })).statusCode).toBe(400);
    const moved = await patch(sub.id, { version: 1, parent: another.id, position: 5 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().category).toMatchObject({ parent_id: another.id, position: 5, version: 2 });
    const toTop = await patch(sub.id, { version: 2, parent: null });
    expect(toTop.json().category).toMatchObject({ parent_id: null, version: 3 });
  });

  test('a stale edit is a 409 with the other staff member’s change; the audit log has both sides', async () => {
    const category = await create({ title: 'Beverages' });
    expect((await patch(category.id, { version: 1, title: 'Drinks' }, other)).statusCode).toBe(200);
    const stale = await patch(category.id, { version: 1, is_featured: true });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: STALE_EDIT,
      current: { title: 'Drinks', is_featured: false, version: 2 },
    });
    const [update] = await audit(category.id);
    expect(update).toMatchObject({
      action: 'update',
      staff: { id: other.id },
      before: { title: 'Beverages', version: 1 },
      after: { title: 'Drinks', version: 2 },
    });
  });

  test('only an empty category can be deleted, from the version read', async () => {
    const top = await create({ title: 'Seasonal' });
    const sub = await create({ title: 'Dashain', parent: top.id });
    await createProduct(t.db, { categoryId: sub.id });
    const withChildren = await admin(t.app, 'DELETE', `/categories/${top.id}/?version=1`, { as: staff });
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json().message).toBe(HAS_CHILDREN);
    const withProducts = await admin(t.app, 'DELETE', `/categories/${sub.id}/?version=1`, { as: staff });
    expect(withProducts.statusCode).toBe(409);
    expect(withProducts.json().message).toBe(hasProducts(1));
    const empty = await create({ title: 'Tihar' });
    expect(
      (await admin(t.app, 'DELETE', `/categories/${empty.id}/?version=2`, { as: staff })).statusCode,
    ).toBe(409);
    expect((await admin(t.app, 'DELETE', `/categories/${empty.id}/`, { as: staff })).statusCode).toBe(400);
    const deleted = await admin(t.app, 'DELETE', `/categories/${empty.id}/?version=1`, { as: staff });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Category deleted.', id: empty.id });
    expect((await admin(t.app, 'GET', `/categories/${empty.id}/`, { as: staff })).statusCode).toBe(404);
    const [entry] = await audit(empty.id);
    expect(entry).toMatchObject({ action: 'delete', before: { title: 'Tihar' }, after: null });
  });

  test('a picture becomes a 300×300 WebP and replaces the old one; a non-picture changes nothing', async () => {
    const category = await create({ title: 'Fruits' });
    const first = await upload(t.app, `/categories/${category.id}/image/`, staff, {
      bytes: await jpeg(900, 500),
      filename: 'f.jpg',
    });
    expect(first.statusCode, first.body).toBe(200);
    const firstImage: string = first.json().category.image;
    expect(first.json().category.version).toBe(2);
    const file = (path: string) => join(t.dataDir, 'media', path.replace('/media/', ''));
    const meta = await sharp(file(firstImage)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 300]);
    const second = await upload(t.app, `/categories/${category.id}/image/`, staff, {
      bytes: await jpeg(300, 300),
      filename: 'g.jpg',
    });
    expect(existsSync(file(firstImage))).toBe(false);
    expect(existsSync(file(second.json().category.image))).toBe(true);
    const refused = await upload(t.app, `/categories/${category.id}/image/`, staff, {
      bytes: svgWithScript,
      filename: 'x.png',
    });
    expect(refused.statusCode).toBe(400);
    const now = (await admin(t.app, 'GET', `/categories/${category.id}/`, { as: staff })).json().category;
    expect(now).toMatchObject({ image: second.json().category.image, version: 3 });
    const actions = (await audit(category.id)).map((e: { action: string }) => e.action);
    expect(actions).toEqual(['image_replace', 'image_replace', 'create']);
  });

  test('malformed categories are refused with a message', async () => {
    for (const payload of [
      {},
      { title: '' },
      { title: 'x', slug: 'Not A Slug!' },
      { title: 'x', position: -1 },
      { title: 'x', extra: 1 },
    ]) {
      const answer = await admin(t.app, 'POST', '/categories/', { as: staff, payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
    const taken = await admin(t.app, 'POST', '/categories/', {
      as: staff,
      payload: { title: 'x', slug: 'rice' },
    });
    expect(taken.statusCode).toBe(400);
    expect(Object.keys(taken.json().error)).toEqual(['slug']);
  });
});
