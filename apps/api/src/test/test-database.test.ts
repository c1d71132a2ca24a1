import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { createTestDatabase } from './test-database';

test('a test database is migrated and has pg_trgm', async () => {
  const database = await createTestDatabase();
  try {
    const rows = await database.db.execute(sql`select similarity('chiura', 'chiuraa') > 0.5 as close`);
    expect((rows as unknown as { rows: { close: boolean }[] }).rows[0].close).toBe(true);
  } finally {
    await database.close();
  }
});
