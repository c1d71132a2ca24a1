import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { createTestDatabase } from './test-database';

// Migrating a fresh database is what every file's beforeAll does (hookTimeout 120 s); here it is
// the test itself, so it gets the same allowance on a busy machine.
test('a test database is migrated and has pg_trgm', { timeout: 120_000 }, async () => {
  const database = await createTestDatabase();
  try {
    const rows = await database.db.execute(sql`select similarity('chiura', 'chiuraa') > 0.5 as close`);
    expect((rows as unknown as { rows: { close: boolean }[] }).rows[0].close).toBe(true);
  } finally {
    await database.close();
  }
});

// Decision 081: on PGlite and PostgreSQL alike, every session plans with the cost of a page read
// from memory, which keeps a search on the word indexes (on the server's pool, each connection).
test('the shop plans with random_page_cost 1.1', { timeout: 120_000 }, async () => {
  const database = await createTestDatabase();
  try {
    const settings = await Promise.all(
      [1, 2, 3].map(() => database.db.execute(sql`select current_setting('random_page_cost') as cost`)),
    );
    for (const rows of settings) {
      expect((rows as unknown as { rows: { cost: string }[] }).rows[0].cost).toBe('1.1');
    }
  } finally {
    await database.close();
  }
});
