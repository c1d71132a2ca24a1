import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/client';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  dataDir: string;
  close(): Promise<void>;
}

const TEST_JWT_SECRET = randomBytes(48).toString('base64url');

/** The real app over a fresh database, driven through HTTP with app.inject(). */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'pasal-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    // Random, so it also passes the production checks when a test runs the app in production mode.
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_DIST: join(dataDir, 'no-web'),
    ...env,
  });
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  return {
    app,
    db: database.db,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
