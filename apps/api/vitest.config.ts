import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Those start real server processes: `npm run test:reliability` (vitest.reliability.config.ts).
    exclude: ['src/reliability/**', '**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Migrates once; each test file's database is a copy of that one (src/test/test-database.ts).
    globalSetup: ['src/test/test-database-setup.ts'],
  },
});
