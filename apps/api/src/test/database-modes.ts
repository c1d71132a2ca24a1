import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from './test-database';

/** Where a server process under test keeps its data: a fresh folder, plus a fresh database on PostgreSQL. */
export interface ServerData {
  dataDir: string;
  databaseUrl?: string;
  dispose(): Promise<void>;
}

export interface DatabaseMode {
  name: 'pglite' | 'postgres';
  prepare(): Promise<ServerData>;
}

export function tempDir(prefix = 'pasal-rel-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

const pglite: DatabaseMode = {
  name: 'pglite',
  async prepare() {
    const dataDir = tempDir();
    return { dataDir, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  },
};

const postgres: DatabaseMode = {
  name: 'postgres',
  async prepare() {
    const scratch = await createScratchDatabase();
    if (!scratch) throw new Error('TEST_DATABASE_URL is not set');
    const dataDir = tempDir();
    return {
      dataDir,
      databaseUrl: scratch.url,
      async dispose() {
        await scratch.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (CI sets it). */
export function databaseModes(): DatabaseMode[] {
  return process.env.TEST_DATABASE_URL ? [pglite, postgres] : [pglite];
}
