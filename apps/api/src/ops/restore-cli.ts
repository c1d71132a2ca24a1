// `npm run restore -- <backup.tar.gz> [<new data folder>]`: unpacks a backup into a new or empty
// folder (DATA_DIR by default), checks it, and never writes over existing data.
import { resolve } from 'node:path';
import { resolveDataDir } from '../config';
import { RestoreError, restoreBackup } from './restore';

async function main(): Promise<void> {
  const [archiveArg, targetArg] = process.argv.slice(2);
  if (!archiveArg) {
    console.error('Usage: npm run restore -- <backup.tar.gz> [<new data folder>]');
    process.exit(2);
  }
  const base = process.env.INIT_CWD ?? process.cwd();
  const target = targetArg ? resolve(base, targetArg) : resolveDataDir();
  const { manifest } = await restoreBackup(resolve(base, archiveArg), target);
  const db = manifest.database;
  const rows = db.kind === 'pglite' ? Object.values(db.tables).reduce((a, b) => a + b, 0) : 0;
  console.info(
    `Restored the backup of ${manifest.createdAt} into ${target}: ${db.kind === 'pglite' ? `${rows} rows checked, ` : ''}${manifest.media.files} media files.`,
  );
  if (db.kind === 'postgres') console.info(db.note);
  else console.info(`Start the shop on it with DATA_DIR=${target}.`);
}

main().catch((error: Error) => {
  console.error(`Restore failed: ${error.message}`);
  process.exit(error instanceof RestoreError ? 2 : 1);
});
