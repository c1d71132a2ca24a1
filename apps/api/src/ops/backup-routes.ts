import type { FastifyInstance } from 'fastify';
import { fromThisMachine } from '../lib/this-machine';
import { type BackupSource, prepareBackup } from './backup';
import { secretMatches } from './ops-secret';

export interface BackupRoutesOptions {
  source: BackupSource;
  secret: string;
}

/**
 * POST /api/ops/backup: the running server makes the backup of its embedded database (only the
 * process that has the folder open can copy it consistently). Answers the tar.gz archive. Only
 * for `npm run backup` on the same machine, holding DATA_DIR/.ops-secret; to anyone else the route
 * does not exist.
 */
export async function backupRoutes(app: FastifyInstance, options: BackupRoutesOptions): Promise<void> {
  app.post('/backup', { schema: { hide: true }, compress: false }, async (request, reply) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!fromThisMachine(request) || !secretMatches(options.secret, bearer)) {
      return reply.code(404).send({ message: `Not found: POST ${request.url}`, detail: 'Not found.' });
    }
    const backup = await prepareBackup(options.source);
    request.log.info({ media: backup.manifest.media }, 'backup taken');
    return reply
      .header('content-type', 'application/gzip')
      .header('x-pasal-backup-created-at', backup.manifest.createdAt)
      .send(backup.stream());
  });
}
