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
