import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { extract } from 'tar';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupManifest } from './backup';

/** The restore was refused before anything was written (target not empty, not a backup…). */
export class RestoreError extends Error {}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

async function mediaTotals(dir: string): Promise<{ files: number; bytes: number }> {
  const totals = { files: 0, bytes: 0 };
  if (!existsSync(dir)) return totals;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = await mediaTotals(path);
      totals.files += inner.files;
      totals.bytes += inner.bytes;
    } else if (entry.isFile()) {
      totals.files += 1;
      totals.bytes += (await stat(path)).size;
    }
  }
  return totals;
}

// Only what a backup holds, and only files and folders: no links, no paths outside the target.
function allowedEntry(path: string, type: string): boolean {
  const clean = path.replace(/^\.\//, '');
  const inside = clean === 'manifest.json' || /^(db|media)(\/|$)/.test(clean);
  return inside && !clean.split('/').includes('..') && (type === 'File' || type === 'Directory');
}

async function countTables(dbDir: string): Promise<Record<string, number>> {
  const client = new PGlite({ dataDir: dbDir, extensions: { pg_trgm } });
  try {
    await client.waitReady;
    const { rows } = await client.query<{ schema: string; name: string }>(
      `select schemaname as schema, tablename as name from pg_tables
       where schemaname in ('public', 'drizzle') order by 1, 2`,
    );
    const counts: Record<string, number> = {};
    for (const { schema, name } of rows) {
      const result = await client.query<{ n: number }>(
        `select count(*)::int as n from "${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`,
      );
      counts[`${schema}.${name}`] = result.rows[0].n;
    }
    return counts;
  } finally {
    // A clean close: the restored folder starts without recovery.
    await client.close();
  }
}

function sameCounts(a: Record<string, number>, b: Record<string, number>): string | undefined {
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (a[name] !== b[name])
      return `${name}: backup says ${a[name] ?? 'absent'}, restored has ${b[name] ?? 'absent'}`;
  }
  return undefined;
}

export interface RestoreResult {
  manifest: BackupManifest;
  target: string;
}

/**
 * Restores a backup into a new or empty folder (never over data). It unpacks beside the target,
 * opens the database once to check every table's row count against the manifest (which also
 * replays the WAL and closes cleanly), checks the media, and only then moves it into place.
 */
export async function restoreBackup(archive: string, targetDir: string): Promise<RestoreResult> {
  const target = resolve(targetDir);
  if (!existsSync(archive)) throw new RestoreError(`No such backup file: ${archive}`);
  if (!(await isEmptyOrMissing(target))) {
    throw new RestoreError(
      `Refusing to restore into ${target}: the folder is not empty. Restore into a new or empty folder, then point DATA_DIR at it.`,
    );
  }
  await mkdir(dirname(target), { recursive: true });
  const work = join(dirname(target), `.${basename(target)}.restoring-${randomBytes(6).toString('hex')}`);
  await mkdir(work);
  try {
    let skipped = 0;
    // Synchronous: a damaged archive stops it with no write still in flight behind the error.
    extract({
      sync: true,
      file: archive,
      cwd: work,
      strict: true,
      filter: (path, entry) => {
        const ok = allowedEntry(path, 'type' in entry ? entry.type : 'File');
        if (!ok) skipped += 1;
        return ok;
      },
    });
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(await readFile(join(work, 'manifest.json'), 'utf8')) as BackupManifest;
    } catch {
      throw new RestoreError(`${archive} is not a Pasal backup (no manifest.json).`);
    }
    if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
      throw new RestoreError(`${archive} is not a Pasal backup of version ${BACKUP_VERSION}.`);
    }
    if (skipped > 0) throw new RestoreError(`${archive} holds ${skipped} unexpected entries; refusing it.`);

    const media = await mediaTotals(join(work, 'media'));
    if (media.files !== manifest.media.files || media.bytes !== manifest.media.bytes) {
      throw new RestoreError(
        `The backup's media is incomplete: ${media.files} files (${media.bytes} bytes), the manifest says ${manifest.media.files} (${manifest.media.bytes} bytes).`,
      );
    }
    if (manifest.database.kind === 'pglite') {
      const restored = await countTables(join(work, 'db'));
      const mismatch = sameCounts(manifest.database.tables, restored);
      if (mismatch) throw new RestoreError(`The restored database does not match the backup: ${mismatch}`);
    }
    await rm(join(work, 'manifest.json'));
    if (existsSync(target)) await rmdir(target); // empty, checked above
    await rename(work, target);
    return { manifest, target };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}
