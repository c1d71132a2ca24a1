// `npm run lint:api`: builds the app on an in-memory database (no port opened), writes the OpenAPI
// document it serves at /api/docs/json to a temporary file and lints it with the Redocly CLI
// (rules in redocly.yaml at the repository root). Runs offline: no telemetry, no update check.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig, repoRoot } from '../src/config';
import { openDatabase } from '../src/db/client';

async function writeDocument(workDir: string): Promise<string> {
  const database = await openDatabase({});
  try {
    await database.migrate();
    // Outside production, so the development routes are linted too.
    mkdirSync(join(workDir, 'data/media'), { recursive: true });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: join(workDir, 'data'),
      WEB_DIST: join(workDir, 'no-web'),
      JWT_SECRET: 'lint-api-secret-that-signs-nothing-at-all',
      LOG_LEVEL: 'warn',
    });
    const app = await buildApp({ config, db: database.db });
    try {
      await app.ready();
      const file = join(workDir, 'openapi.json');
      writeFileSync(file, `${JSON.stringify(app.swagger(), null, 2)}\n`);
      return file;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

const workDir = mkdtempSync(join(tmpdir(), 'pasal-lint-api-'));
try {
  const document = await writeDocument(workDir);
  const cli = join(
    dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
    'bin/cli.js',
  );
  const result = spawnSync(
    process.execPath,
    [cli, 'lint', basename(document), '--config', join(repoRoot, 'redocly.yaml')],
    {
      cwd: dirname(document),
      stdio: 'inherit',
      // Documented opt-outs: usage data (also `telemetry: off` in redocly.yaml) and the npm update check.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
    },
  );
  if (result.error) throw result.error;
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
