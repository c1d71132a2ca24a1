import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Those start real server processes: `npm run test:reliability` (vitest.reliability.config.ts).
    exclude: ['src/reliability/**', '**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // On PGlite, one worker per core: each file's database runs inside its worker, and vitest's
    // default (a core less) would leave one of CI's two cores idle. On PostgreSQL the server's
    // processes do the database work beside the workers, so the default stays.
    maxWorkers: process.env.TEST_DATABASE_URL ? undefined : availableParallelism(),
    // A worker runs its files one after another in one module graph: each file still gets its own
    // database and app (createTestDatabase, buildTestApp), and no test mocks modules or changes
    // process.env, so nothing leaks; importing the app once per worker instead of once per file
    // took the import phase from about 425 s to 20 s of the suite's CPU time.
    isolate: false,
    // Migrates once; each test file's database is a copy of that one (src/test/test-database.ts).
    globalSetup: ['src/test/test-database-setup.ts'],
  },
});
