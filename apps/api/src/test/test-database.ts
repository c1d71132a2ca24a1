import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';

/**
 * What the suite's global setup (test-database-setup.ts) migrated once for every test file: a
 * PGlite image (`dumpDataDir()`) in a file, or a template database on the PostgreSQL server.
 */
export type MigratedImage = { kind: 'pglite'; file: string } | { kind: 'postgres'; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    migratedImage: MigratedImage | undefined;
  }
}

/** The image the global setup provided, if this runs under vitest with that setup (benches do not). */
async function providedImage(): Promise<MigratedImage | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('migratedImage');
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways). Each is a copy
 * of the image migrated once per run (an empty one is migrated here when there is none); the
 * migration still runs, finding nothing left to apply.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const image = await providedImage();
  if (!serverUrl) {
    const pgliteImage = image?.kind === 'pglite' ? new Blob([readFileSync(image.file)]) : undefined;
    // TEST_PGLITE_THREAD=1: each file's PGlite on its own thread, as the server runs it (decision 075).
    const database = await openDatabase({
      pgliteImage,
      pgliteThread: process.env.TEST_PGLITE_THREAD === '1',
    });
    await database.migrate();
    return database;
  }
  const name = `pasal_test_${randomBytes(6).toString('hex')}`;
  const template = image?.kind === 'postgres' ? ` template ${image.template}` : '';
  await onServer(serverUrl, `create database ${name}${template}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolSize: 5 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Migrates the image every test file's database starts from (vitest global setup, once per run):
 * on PGlite, a migrated database dumped to a file; on PostgreSQL, a template database.
 */
export async function createMigratedImage(): Promise<{ image: MigratedImage; dispose(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await database.migrate();
    // Uncompressed: every file loads it, and gunzip would cost each of them more than the bytes.
    const dump = await database.pglite!.dumpDataDir('none');
    await database.close();
    const folder = mkdtempSync(join(tmpdir(), 'pasal-image-'));
    const file = join(folder, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return {
      image: { kind: 'pglite', file },
      dispose: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const template = `pasal_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${template}`);
  // Closed before any copy: PostgreSQL copies only a template nobody is connected to.
  const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, template), poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return {
    image: { kind: 'postgres', template },
    dispose: () => onServer(serverUrl, `drop database if exists ${template} with (force)`),
  };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new, empty database on the PostgreSQL server named by TEST_DATABASE_URL, for a server
 * process to migrate itself; undefined when tests run on PGlite only.
 */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `pasal_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  return {
    url: databaseUrl(serverUrl, name),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
