import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A throw-away PostgreSQL cluster that a test may stop, freeze and start again without touching
// the shared server. Needs Debian's postgresql binaries; as root, runs them as `postgres`
// (PostgreSQL refuses to run as root), like .ci/run does.

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:port/postgres */
  readonly url: string;
  start(): void;
  /** pg_ctl stop -m fast: connections are cut (57P01), new ones are refused. */
  stop(): void;
  /** SIGSTOP on every process of the cluster: connections hang, as over a dead network. */
  freeze(): void;
  thaw(): void;
  /** A SQL command through psql (as a separate session). */
  psql(sql: string): string;
  /** A psql session left running (e.g. holding a lock); stop() ends it. */
  psqlBackground(sql: string): { stop(): Promise<void> };
  destroy(): void;
}

/** The newest installed PostgreSQL's bin folder, or undefined (then the test is skipped). */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? join(root, newest, 'bin') : undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

const isRoot = process.getuid?.() === 0;

function run(bin: string, args: string[]): string {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function postgresUid(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('No postgres user to run PostgreSQL as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Every process of the cluster: the postmaster (first line of postmaster.pid) and its children. */
function clusterPids(dataDir: string): number[] {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pasal-pg-'));
  if (isRoot) {
    const { uid, gid } = postgresUid();
    chownSync(dataDir, uid, gid);
  }
  const port = await freePort();
  run(join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (...args: string[]) => run(join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);
  const psqlArgs = (sql: string) => ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-Atc', sql];
  let running = false;
  let frozen = false;
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      pgCtl('-l', join(dataDir, 'log'), '-w', '-o', options, 'start');
      running = true;
    },
    stop() {
      pgCtl('-m', 'fast', '-w', 'stop');
      running = false;
    },
    freeze() {
      for (const pid of clusterPids(dataDir)) process.kill(pid, 'SIGSTOP');
      frozen = true;
    },
    thaw() {
      for (const pid of clusterPids(dataDir)) process.kill(pid, 'SIGCONT');
      frozen = false;
    },
    psql(sql) {
      return run(join(bin, 'psql'), psqlArgs(sql));
    },
    psqlBackground(sql) {
      const [file, argv] = isRoot
        ? ['runuser', ['-u', 'postgres', '--', join(bin, 'psql'), ...psqlArgs(sql)]]
        : [join(bin, 'psql'), psqlArgs(sql)];
      const child = spawn(file, argv, { stdio: 'ignore' });
      const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
      return {
        async stop() {
          if (child.exitCode === null) {
            // Ends the session's backend, which releases its locks.
            cluster.psql(
              "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'psql' and pid <> pg_backend_pid()",
            );
          }
          await exited;
        },
      };
    },
    destroy() {
      if (frozen) cluster.thaw();
      if (running)
        spawnSync(
          isRoot ? 'runuser' : join(bin, 'pg_ctl'),
          isRoot
            ? ['-u', 'postgres', '--', join(bin, 'pg_ctl'), '-D', dataDir, '-m', 'immediate', 'stop']
            : ['-D', dataDir, '-m', 'immediate', 'stop'],
        );
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
