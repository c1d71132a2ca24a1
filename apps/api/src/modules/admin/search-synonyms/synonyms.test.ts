import { STALE_EDIT } from '@pasal/contract/admin-common';
import { SYNONYM_WORDS_RULE } from '@pasal/contract/admin-search-synonyms';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createProduct } from '../../../test/factories';
import { call, newShopper } from '../../../test/shopper';
import { admin, newStaff, type StaffMember } from '../../../test/staff';

let t: TestApp;
let staff: StaffMember;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await newStaff(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

const found = async (q: string) =>
  (await call(t.app, 'GET', `/products?q=${encodeURIComponent(q)}`))
    .json()
    .results.map((p: { title: string }) => p.title);

describe('search synonyms in the console', () => {
  test('a group the owner adds makes search find each word’s products at once; edits and deletes follow', async () => {
    await createProduct(t.db, { title: 'Akabare Khursani 100 g', nepaliTitle: '' });
    await createProduct(t.db, { title: 'Kashmiri Chilli Powder', nepaliTitle: '' });
    // Read once, so the catalogue cache holds the answer without the synonym.
    expect(await found('chilli')).toEqual(['Kashmiri Chilli Powder']);

    const created = await admin(t.app, 'POST', '/search-synonyms/', {
      as: staff,
      payload: { words: [' Chilli ', 'khursani'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json().synonym;
    expect(group).toMatchObject({ words: ['chilli', 'khursani'], version: 1 });
    expect((await found('chilli')).sort()).toEqual(['Akabare Khursani 100 g', 'Kashmiri Chilli Powder']);
    expect((await found('khursani')).sort()).toEqual(['Akabare Khursani 100 g', 'Kashmiri Chilli Powder']);

    const list = await admin(t.app, 'GET', '/search-synonyms/', { as: staff });
    expect(list.json().results).toEqual([group]);

    const stale = await admin(t.app, 'PUT', `/search-synonyms/${group.id}/`, {
      as: staff,
      payload: { words: ['chilli', 'marich'], version: 7 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: STALE_EDIT, current: group });

    const edited = await admin(t.app, 'PUT', `/search-synonyms/${group.id}/`, {
      as: staff,
      payload: { words: ['chilli', 'marich'], version: 1 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().synonym).toMatchObject({ words: ['chilli', 'marich'], version: 2 });
    expect(await found('khursani')).toEqual(['Akabare Khursani 100 g']);

    const deleted = await admin(t.app, 'DELETE', `/search-synonyms/${group.id}/?version=2`, { as: staff });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await admin(t.app, 'GET', '/search-synonyms/', { as: staff })).json().results).toEqual([]);
    const audit = await admin(t.app, 'GET', `/audit/?entity=search_synonym&entity_id=${group.id}`, {
      as: staff,
    });
    expect(
      audit
        .json()
        .results.map((e: { action: string }) => e.action)
        .sort(),
    ).toEqual(['create', 'delete', 'update']);
  });

  test('bad groups get a 400 with the rule; a missing group 404; customers 403', async () => {
    for (const words of [['one'], ['two words', 'x'], ['same', 'SAME'], [], 'curd dahi', [1, 2]]) {
      const res = await admin(t.app, 'POST', '/search-synonyms/', { as: staff, payload: { words } });
      expect(res.statusCode, JSON.stringify(words)).toBe(400);
      expect(res.json().message).toContain(SYNONYM_WORDS_RULE);
    }
    const missing = await admin(t.app, 'PUT', '/search-synonyms/999999/', {
      as: staff,
      payload: { words: ['a', 'b'], version: 1 },
    });
    expect(missing.statusCode).toBe(404);
    const shopper = await newShopper(t.app, t.db);
    const refused = await admin(t.app, 'GET', '/search-synonyms/', { as: shopper });
    expect(refused.statusCode).toBe(403);
  });
});
