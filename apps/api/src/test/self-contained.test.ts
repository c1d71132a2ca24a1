import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot } from '../config';

// A user's clone has nothing beside it, so no file of the project may point at the development
// folder that sits next to the repository on the project's own machines. Markdown may name it.
const OUTSIDE = /\.\.[\\/]shared\b/;
const SKIPPED_DIRS = new Set(['.git', 'node_modules', 'dist', 'data', 'test-results', 'playwright-report']);

/** The files a commit would carry: tracked plus untracked-but-not-ignored (git), else a plain walk. */
function projectFiles(): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
    return out.split('\0').filter(Boolean);
  } catch {
    // Not a git checkout (an unpacked archive): everything outside build output and dependencies.
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
        const path = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.data')) walk(path);
        } else if (entry.isFile()) files.push(path);
      }
    };
    walk('');
    return files;
  }
}

test('no file outside Markdown refers to a folder beside the repository', () => {
  const files = projectFiles().filter((file) => !file.endsWith('.md'));
  expect(files).toContain('apps/api/src/seed/nepal-locations.json');
  const offenders = files.filter((file) => {
    const path = join(repoRoot, file);
    if (!existsSync(path) || statSync(path).size > 8 * 1024 * 1024) return false;
    const bytes = readFileSync(path);
    if (bytes.includes(0)) return false; // binary
    return OUTSIDE.test(bytes.toString('utf8'));
  });
  expect(offenders).toEqual([]);
});
