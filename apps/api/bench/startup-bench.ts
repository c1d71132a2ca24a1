import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../src/config';

// The server's first start on an empty data folder (migrate, draw images, seed), then a second
// start on the same folder; and how much disk the seeded database and media take.

function folderBytes(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : statSync(full).size;
  }
  return total;
}

async function timeStart(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const server = spawn(
    process.execPath,
    [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'apps/api/src/server.ts'],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    },
  );
  try {
    for (let i = 0; i < 1200; i += 1) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the server did not become healthy within 120 s');
  } finally {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
}

export async function startupBench(port = 4395): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pasal-bench-'));
  try {
    const first = await timeStart(dataDir, port);
    const second = await timeStart(dataDir, port);
    const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
    console.info(`first start, empty data folder: ${(first / 1000).toFixed(1)} s until /api/health answers`);
    console.info(`second start, seeded folder:    ${(second / 1000).toFixed(1)} s`);
    console.info(
      `database ${mb(folderBytes(join(dataDir, 'db')))}, media ${mb(folderBytes(join(dataDir, 'media')))}`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
