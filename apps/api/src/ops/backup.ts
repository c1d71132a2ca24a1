import { randomBytes } from 'node:crypto';
import { copyFile, link, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import type { Transaction } from '@electric-sql/pglite';
import { create as createTar } from 'tar';
import type { Database } from '../db/client';
import type { PgliteClient } from '../db/pglite-thread';

export const BACKUP_FORMAT = 'pasal-backup';
export const BACKUP_VERSION = 1;
/** Half-made backups are staged here inside DATA_DIR (same file system, so media can be hard-linked). */
export const STAGING_PREFIX = '.backup-staging-';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  database:
    | { kind: 'pglite'; serverVersion: string; tables: Record<string, number> }
    | { kind: 'postgres'; note: string };
  media: { files: number; bytes: number };
}

export interface PreparedBackup {
  manifest: BackupManifest;
  /** The archive (tar.gz: manifest.json, db/, media/); it ends once the staging folder is gone. */
  stream(): Readable;
  /** Removes the staging folder (done by itself when the stream closes; resolves when gone). */
  discard(): Promise<void>;
}

export const POSTGRES_NOTE =
  'The database is on a PostgreSQL server: back it up with pg_dump -Fc and restore with pg_restore (docs/reliability.md). This archive holds the media.';

// The embedded engine's runtime files that must not travel to another folder.
const PGLITE_SKIP = new Set(['postmaster.pid']);

async function copyTree(from: string, to: string, skip: Set<string>): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const source = join(from, entry.name);
    if (entry.isDirectory()) await copyTree(source, join(to, entry.name), skip);
    else if (entry.isFile()) await copyFile(source, join(to, entry.name));
  }
}

/**
 * Media files never change under a name (a new upload gets a new name), so a hard link is a
 * snapshot of the file that costs nothing; a copy where links are impossible.
 */
async function linkTree(from: string, to: string): Promise<{ files: number; bytes: number }> {
  const totals = { files: 0, bytes: 0 };
  await mkdir(to, { recursive: true });
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return totals;
    throw error;
  }
  for (const entry of entries) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      const inner = await linkTree(source, target);
      totals.files += inner.files;
      totals.bytes += inner.bytes;
    } else if (entry.isFile()) {
      try {
        await link(source, target);
      } catch {
        await copyFile(source, target);
      }
      totals.files += 1;
      totals.bytes += (await stat(target)).size;
    }
  }
  return totals;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function countRows(tx: Transaction): Promise<Record<string, number>> {
  const { rows } = await tx.query<{ schema: string; name: string }>(
    `select schemaname as schema, tablename as name from pg_tables
     where schemaname in ('public', 'drizzle') order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of rows) {
    const result = await tx.query<{ n: number }>(
      `select count(*)::int as n from ${quoteIdent(schema)}.${quoteIdent(name)}`,
    );
    counts[`${schema}.${name}`] = result.rows[0].n;
  }
  return counts;
}

/**
 * A consistent copy of a running PGlite folder. A checkpoint first flushes the data files; then,
 * inside one transaction that holds PGlite's transaction lock (so no other transaction is half
 * done and none starts), the rows are counted and the folder is copied while no query runs. The
 * copy is a clean crash image: a start on it replays the little WAL written since the checkpoint.
 */
export async function snapshotPglite<T>(
  client: PgliteClient,
  dbDir: string,
  target: string,
  whilePaused: () => Promise<T>,
): Promise<{ serverVersion: string; tables: Record<string, number>; also: T }> {
  await client.exec('CHECKPOINT');
  return client.transaction(async (tx) => {
    const serverVersion = (await tx.query<{ v: string }>('select version() as v')).rows[0].v;
    const tables = await countRows(tx);
    const also = await client.runExclusive(async () => {
      await copyTree(dbDir, target, PGLITE_SKIP);
      return whilePaused();
    });
    return { serverVersion, tables, also };
  });
}

export interface BackupSource {
  /** The open embedded database; undefined when the database is a PostgreSQL server's (media only). */
  database?: Database;
  /** The PGlite folder (DATA_DIR/db); unused on PostgreSQL. */
  dbDir: string;
  mediaDir: string;
  /** Where to stage the copy: inside DATA_DIR, on the same file system as the media. */
  dataDir: string;
}

/**
 * Takes the snapshot (the shop pauses only while the database folder is copied and the media
 * hard-linked) and returns the archive to stream wherever it should go.
 */
export async function prepareBackup(source: BackupSource): Promise<PreparedBackup> {
  const staging = join(source.dataDir, `${STAGING_PREFIX}${randomBytes(6).toString('hex')}`);
  await mkdir(staging, { recursive: true });
  try {
    let database: BackupManifest['database'];
    let media: BackupManifest['media'];
    if (source.database?.pglite) {
      // Media is linked while the database is still paused: a file is removed only after the row
      // that pointed to it changed, so every file a copied row names is still there.
      const { serverVersion, tables, also } = await snapshotPglite(
        source.database.pglite,
        source.dbDir,
        join(staging, 'db'),
        () => linkTree(source.mediaDir, join(staging, 'media')),
      );
      database = { kind: 'pglite', serverVersion, tables };
      media = also;
    } else {
      media = await linkTree(source.mediaDir, join(staging, 'media'));
      database = { kind: 'postgres', note: POSTGRES_NOTE };
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database,
      media,
    };
    await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = ['manifest.json', 'media', ...(database.kind === 'pglite' ? ['db'] : [])];
    let removal: Promise<void> | undefined;
    const discard = () => {
      removal ??= rm(staging, { recursive: true, force: true });
      return removal;
    };
    return {
      manifest,
      discard,
      stream() {
        const tar = Readable.from(createTar({ gzip: true, cwd: staging, portable: true }, entries));
        // The archive's end goes out only once the staging folder is gone, so whoever has the whole
        // archive (the CLI, through the running server) finds nothing left behind in the data folder.
        const archive = new Transform({
          transform: (chunk, _encoding, callback) => callback(null, chunk),
          flush: (callback) => {
            discard().then(() => callback(), callback);
          },
        });
        tar.once('error', (error) => archive.destroy(error));
        // Cut short (an error, the client gone): the folder still goes.
        archive.once('close', () => {
          tar.destroy();
          void discard();
        });
        return tar.pipe(archive);
      },
    };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** Staging folders left by a process that died mid-backup. */
export async function removeStaleStaging(dataDir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dataDir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith(STAGING_PREFIX)) await rm(join(dataDir, name), { recursive: true, force: true });
  }
}
