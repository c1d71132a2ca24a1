import { defineConfig } from 'vitest/config';

// `npm run test:reliability`: tests that run the real server as a process (crashes, outages,
// shutdown, backups). One file at a time: each starts servers of its own. On PGlite, and on
// PostgreSQL as well when TEST_DATABASE_URL names a server.
export default defineConfig({
  test: {
    include: ['src/reliability/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    pool: 'forks',
    fileParallelism: false,
    // The server is bundled once per run (src/test/server-bundle-setup.ts).
    globalSetup: ['src/test/server-bundle-setup.ts'],
  },
});
