import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { RenderStats } from './render-artwork';

const run = promisify(execFile);
const DRAWING_TIMEOUT_MS = 10 * 60_000;

/**
 * Draws the missing demo pictures in a process of its own, which ends when they are drawn. Drawn
 * in the server, they left it 40–60 MB larger for good: sharp's library and the memory its
 * threads had used stay with a process (decision 076). Beside the built server (dist/) it runs
 * the built script; from the source, through tsx.
 */
export async function renderDemoArtworkApart(mediaDir: string): Promise<RenderStats> {
  const built = fileURLToPath(new URL('./render-artwork-cli.js', import.meta.url));
  const args = existsSync(built)
    ? [built, mediaDir]
    : ['--import', 'tsx', fileURLToPath(new URL('./render-artwork-cli.ts', import.meta.url)), mediaDir];
  try {
    const { stdout } = await run(process.execPath, args, {
      maxBuffer: 1024 * 1024,
      // Seconds on a small machine; a drawing process stuck for this long is ended, not waited on.
      timeout: DRAWING_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    return JSON.parse(stdout) as RenderStats;
  } catch (error) {
    // The script's own error line (its stack trace aside), else what execFile says.
    const stderr = String((error as { stderr?: unknown }).stderr ?? '');
    const reason = stderr.split('\n').find((line) => /Error\b/.test(line)) ?? (error as Error).message;
    throw new Error(`Could not draw the demo pictures in ${mediaDir}: ${reason.trim()}`);
  }
}
