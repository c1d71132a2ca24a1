import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { demoArtworkJobs } from './demo-artwork';
import { renderDemoArtworkApart } from './demo-artwork-apart';

const mediaDir = mkdtempSync(join(tmpdir(), 'pasal-apart-media-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

test('the first start draws every demo picture in a process of its own, and nothing twice', async () => {
  const jobs = demoArtworkJobs();
  const first = await renderDemoArtworkApart(mediaDir);
  expect(first).toMatchObject({ rendered: jobs.length, skipped: 0 });
  for (const job of jobs) {
    const bytes = readFileSync(join(mediaDir, job.file));
    expect(bytes.subarray(0, 4).toString('latin1'), job.file).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1'), job.file).toBe('WEBP');
  }
  expect(await renderDemoArtworkApart(mediaDir)).toMatchObject({ rendered: 0, skipped: jobs.length });
}, 120_000);

test('a folder it cannot make fails the start with the reason', async () => {
  const file = join(mediaDir, 'a-file');
  writeFileSync(file, '');
  await expect(renderDemoArtworkApart(join(file, 'media'))).rejects.toThrow(
    /Could not draw the demo pictures in .*a-file\/media: .*ENOTDIR/,
  );
});
