import { randomBytes } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * PGlite has no guard of its own: two processes opening one folder both write to it and corrupt
 * it. The server (and the backup script) hold this lock file while the folder is open.
 */
export const LOCK_FILE = 'db.lock';

/** How often the holder touches the lock, and when a lock from another host counts as abandoned. */
const HEARTBEAT_MS = 20_000;
const FOREIGN_STALE_MS = 90_000;
/** A lock file being written right now may be empty for a moment: that is a live owner. */
const FRESH_MS = 10_000;

export interface LockOwner {
  pid: number;
  hostname: string;
  /** Linux: the kernel's boot id and the process's start time, so a reused pid is not mistaken for the owner. */
  bootId?: string;
  startTicks?: string;
  nonce: string;
  since: string;
  /** Where the owner serves HTTP, once it listens (the backup script asks it for a copy). */
  port?: number;
  host?: string;
  /** script: a command-line tool working on the folder (npm run order). */
  role: 'server' | 'backup' | 'script';
}

/** Start refused: exits with EX_TEMPFAIL (75), since it may succeed once the other process stops. */
export class DataDirInUseError extends Error {
  readonly exitCode = 75;
  constructor(
    readonly folder: string,
    readonly owner: Partial<LockOwner>,
  ) {
    const who = owner.pid
      ? `process ${owner.pid} on host ${owner.hostname ?? '?'}${owner.since ? ` (since ${owner.since})` : ''}`
      : 'another process';
    super(
      `The data folder ${folder} is already open in ${who}. ` +
        'Stop that process first, or set DATA_DIR to another folder. ' +
        'Two processes writing to one embedded database would corrupt it.',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  readonly path: string;
  readonly owner: LockOwner;
  /** Adds where the server listens, for the backup script. */
  update(fields: Partial<Pick<LockOwner, 'port' | 'host'>>): void;
  release(): void;
}

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  return readProc('/proc/sys/kernel/random/boot_id')?.trim();
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised command, which may hold spaces). */
function startTicks(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Whether the process named in a lock file may still have the folder open. */
export function ownerIsAlive(owner: Partial<LockOwner> | undefined, lockAgeMs: number): boolean {
  if (!owner?.pid || !owner.hostname) return lockAgeMs < FRESH_MS;
  // Another machine (or container) sharing the folder: only its heartbeat tells.
  if (owner.hostname !== hostname()) return lockAgeMs < FOREIGN_STALE_MS;
  const boot = bootId();
  if (owner.bootId && boot && owner.bootId !== boot) return false;
  // A restarted container may get the pid its predecessor had: that predecessor is us, gone.
  if (owner.pid === process.pid) return false;
  if (!pidExists(owner.pid)) return false;
  if (owner.startTicks) {
    const ticks = startTicks(owner.pid);
    if (ticks && ticks !== owner.startTicks) return false;
  }
  return true;
}

function readOwner(path: string): Partial<LockOwner> | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
  } catch {
    return undefined;
  }
}

function writeAtomically(path: string, owner: LockOwner): void {
  const temp = `${path}.${owner.nonce}.tmp`;
  writeFileSync(temp, JSON.stringify(owner), { mode: 0o600 });
  renameSync(temp, path);
}

/** The owner of `dataDir`'s lock if a live process holds it, else undefined. */
export function lockHolder(dataDir: string): Partial<LockOwner> | undefined {
  const path = join(dataDir, LOCK_FILE);
  if (!existsSync(path)) return undefined;
  const owner = readOwner(path);
  return ownerIsAlive(owner, ageMs(path)) ? (owner ?? {}) : undefined;
}

/**
 * Takes the lock on `dataDir` or throws DataDirInUseError. A lock left by a process that died
 * (SIGKILL, power loss) is recognised as stale and taken over at once.
 */
export function acquireDataDirLock(dataDir: string, role: LockOwner['role'] = 'server'): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const owner: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    bootId: bootId(),
    startTicks: startTicks(process.pid),
    nonce: randomBytes(8).toString('hex'),
    since: new Date().toISOString(),
    role,
  };

  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      // 'wx' creates the file only if it does not exist: of two starters, exactly one wins.
      writeFileSync(path, JSON.stringify(owner), { flag: 'wx', mode: 0o600 });
      return holdLock(path, owner);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = readOwner(path);
    if (ownerIsAlive(current, ageMs(path))) throw new DataDirInUseError(dataDir, current ?? {});
    breakStaleLock(path, current);
  }
  throw new DataDirInUseError(dataDir, readOwner(path) ?? {});
}

/**
 * Moves a stale lock aside (rename is atomic, unlike read-then-delete). If another starter
 * replaced it between our read and the rename, we moved their live lock: put it back.
 */
function breakStaleLock(path: string, stale: Partial<LockOwner> | undefined): void {
  const aside = `${path}.stale-${randomBytes(6).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // someone else moved it
    throw error;
  }
  const moved = readOwner(aside);
  if (moved?.nonce && moved.nonce !== stale?.nonce) {
    try {
      linkSync(aside, path); // fails rather than overwrite if a third starter got in
    } catch {}
  }
  unlinkSync(aside);
}

function holdLock(path: string, owner: LockOwner): DataDirLock {
  let released = false;
  // Lets a process on another host see that the lock is still held (see ownerIsAlive).
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(path, now, now);
    } catch {}
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    path,
    owner,
    update(fields) {
      Object.assign(owner, fields);
      writeAtomically(path, owner);
    },
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      // Only remove the file if it is still ours.
      if (readOwner(path)?.nonce === owner.nonce) {
        try {
          unlinkSync(path);
        } catch {}
      }
    },
  };
}
