import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { tempDir } from '../test/database-modes';
import {
  acquireDataDirLock,
  DataDirInUseError,
  LOCK_FILE,
  type LockOwner,
  lockHolder,
} from './data-dir-lock';

// The lock that keeps two processes off one embedded database folder. The process-level test
// (two real servers, one killed) is src/reliability/data-dir-lock.test.ts.
const dirs: string[] = [];
function folder(): string {
  const dir = tempDir('pasal-lock-');
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function writeOwner(dir: string, owner: Partial<LockOwner>, ageSeconds = 0): void {
  const path = join(dir, LOCK_FILE);
  writeFileSync(path, JSON.stringify(owner));
  const when = new Date(Date.now() - ageSeconds * 1000);
  utimesSync(path, when, when);
}

/** The pid of a process that has exited (and so cannot hold anything). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

test('a held folder is refused with a message naming the holder; a released one can be taken', () => {
  const dir = folder();
  const lock = acquireDataDirLock(dir);
  expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
  // Our own pid counts as a previous life (a restarted container), so play another live process:
  // the parent of this test process.
  writeOwner(dir, { ...lock.owner, pid: process.ppid, startTicks: undefined });
  expect(lockHolder(dir)?.pid).toBe(process.ppid);
  expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
  expect(() => acquireDataDirLock(dir)).toThrow(`already open in process ${process.ppid}`);
  writeOwner(dir, lock.owner);
  lock.release();
  expect(lockHolder(dir)).toBeUndefined();
  acquireDataDirLock(dir).release();
});

test('a lock left by a process that died is taken over at once', () => {
  const dir = folder();
  writeOwner(dir, {
    pid: deadPid(),
    hostname: lockHolderHost(),
    nonce: 'dead',
    since: 'earlier',
    role: 'server',
  });
  const lock = acquireDataDirLock(dir);
  expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
  lock.release();
});

test('a live pid with another start time (the pid was reused) or another boot is stale', () => {
  const dir = folder();
  const base = {
    pid: process.ppid,
    hostname: lockHolderHost(),
    nonce: 'n',
    since: 'then',
    role: 'server' as const,
  };
  writeOwner(dir, { ...base, startTicks: '1' });
  acquireDataDirLock(dir).release();
  writeOwner(dir, { ...base, bootId: 'another-boot' });
  acquireDataDirLock(dir).release();
});

test('a lock from another host counts until its heartbeat is old', () => {
  const dir = folder();
  const foreign = { pid: 1, hostname: 'some-other-host', nonce: 'f', since: 'then', role: 'server' as const };
  writeOwner(dir, foreign, 5);
  expect(() => acquireDataDirLock(dir)).toThrow('on host some-other-host');
  writeOwner(dir, foreign, 600);
  acquireDataDirLock(dir).release();
});

test('a lock file being written (still empty) is a live owner; an old empty one is not', () => {
  const dir = folder();
  writeFileSync(join(dir, LOCK_FILE), '');
  expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
  const old = new Date(Date.now() - 60_000);
  utimesSync(join(dir, LOCK_FILE), old, old);
  acquireDataDirLock(dir).release();
});

function lockHolderHost(): string {
  const dir = folder();
  const lock = acquireDataDirLock(dir);
  lock.release();
  return lock.owner.hostname;
}
