import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/test-database';
import { sharedSecret } from './shared-secret';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

test('the first candidate is kept; every later instance gets it, whatever it brings', async () => {
  expect(await sharedSecret(database.db, 'first', 'secret-of-instance-a')).toBe('secret-of-instance-a');
  expect(await sharedSecret(database.db, 'first', 'secret-of-instance-b')).toBe('secret-of-instance-a');
});

test('instances starting together all end up with one of their candidates, the same one', async () => {
  const candidates = Array.from({ length: 8 }, (_, i) => `candidate-${i}`);
  const answers = await Promise.all(candidates.map((c) => sharedSecret(database.db, 'together', c)));
  expect(new Set(answers).size).toBe(1);
  expect(candidates).toContain(answers[0]);
});
