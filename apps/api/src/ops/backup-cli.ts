// `npm run backup [-- <file.tar.gz>]`: one file holding the embedded database and the media.
// While the shop runs, the server makes the copy (it alone has the folder open); otherwise this
// script opens the folder itself, holding the same lock a server start would need.
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { list } from 'tar';
import { resolveDataDir } from '../config';
import { openDatabase } from '../db/client';
import { acquireDataDirLock, lockHolder } from '../lib/data-dir-lock';
import type { BackupManifest } from './backup';
import { prepareBackup } from './backup';
import { readOpsSecret } from './ops-secret';

function outputPath(arg: string | undefined): string {
  const base = process.env.INIT_CWD ?? process.cwd();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return resolve(base, arg ?? join('backups', `pasal-${stamp}.tar.gz`));
}

/** Reads the archive back: it must be whole (gzip checks that) and hold what its manifest says. */
async function verifyArchive(file: string): Promise<BackupManifest> {
  let manifestText = '';
  let mediaFiles = 0;
  let dbFiles = 0;
  await list({
    file,
    strict: true,
    onReadEntry: (entry) => {
      const path = entry.path.replace(/^\.\//, '');
      if (path === 'manifest.json') entry.on('data', (chunk: Buffer) => (manifestText += chunk.toString()));
      else entry.resume();
      if (entry.type === 'File' && path.startsWith('media/')) mediaFiles += 1;
      if (entry.type === 'File' && path.startsWith('db/')) dbFiles += 1;
    },
  });
  const manifest = JSON.parse(manifestText) as BackupManifest;
  if (manifest.media.files !== mediaFiles)
    throw new Error(`the archive holds ${mediaFiles} media files, not ${manifest.media.files}`);
  if (manifest.database.kind === 'pglite' && dbFiles === 0) throw new Error('the archive holds no database');
  return manifest;
}

async function fromRunningServer(dataDir: string, port: number, host: string | undefined): Promise<Readable> {
  const secret = readOpsSecret(dataDir);
  if (!secret)
    throw new Error(
      `The running server has no ${join(dataDir, '.ops-secret')}; restart it with this version.`,
    );
  const address = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}/api/ops/backup`;
  const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${secret}` } });
  if (!response.ok || !response.body)
    throw new Error(`The running server refused the backup (${response.status} from ${url}).`);
  return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
}

async function main(): Promise<void> {
  const dataDir = resolveDataDir();
  const out = outputPath(process.argv[2]);
  if (existsSync(out)) throw new Error(`${out} exists already; name a new file.`);
  await mkdir(dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  const source = { dataDir, dbDir: join(dataDir, 'db'), mediaDir: join(dataDir, 'media') };

  let archive: Readable;
  let close = async () => {};
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const holder = databaseUrl ? undefined : lockHolder(dataDir);
  if (databaseUrl) {
    // The database is a PostgreSQL server's: pg_dump's job. Media is copied from the folder.
    const backup = await prepareBackup(source);
    archive = backup.stream();
  } else if (holder) {
    if (holder.role !== 'server' || !holder.port) {
      throw new Error(
        `${dataDir} is busy (process ${holder.pid}, ${holder.role ?? 'starting'}); try again in a moment.`,
      );
    }
    console.info(`The shop is running (process ${holder.pid}): asking it for a consistent copy…`);
    archive = await fromRunningServer(dataDir, holder.port, holder.host);
  } else {
    if (!existsSync(join(dataDir, 'db', 'PG_VERSION')))
      throw new Error(`No embedded database in ${dataDir}.`);
    const lock = acquireDataDirLock(dataDir, 'backup');
    const database = await openDatabase({ pgliteDir: source.dbDir });
    close = async () => {
      await database.close();
      lock.release();
    };
    const backup = await prepareBackup({ ...source, database });
    archive = backup.stream();
  }

  try {
    await pipeline(archive, createWriteStream(partial, { mode: 0o600 }));
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await close();
  }
  let manifest: BackupManifest;
  try {
    manifest = await verifyArchive(partial);
  } catch (error) {
    await rm(partial, { force: true });
    throw new Error(`The backup came out damaged and was removed: ${(error as Error).message}`);
  }
  await rename(partial, out);
  const tables = manifest.database.kind === 'pglite' ? Object.keys(manifest.database.tables).length : 0;
  console.info(
    `Backup written to ${out}: ${tables ? `${tables} tables, ` : ''}${manifest.media.files} media files.`,
  );
  if (manifest.database.kind === 'postgres') console.info(manifest.database.note);
}

main().catch((error: Error) => {
  console.error(`Backup failed: ${error.message}`);
  process.exit(1);
});
