import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../config';
import { freePort } from './private-postgres';

// A real nginx (Debian's package) in front of server processes under test, run as a child process
// with a folder of its own: no root-only path, no system service. Its site is the one
// docs/deploy.md tells shop owners to install, so the documentation cannot drift from what the
// test proves.

export const NGINX_BINARY = '/usr/sbin/nginx';
export const NGINX_MISSING = `nginx is not installed (${NGINX_BINARY}): apt-get install nginx`;

const DEPLOY_DOC = join(repoRoot, 'docs/deploy.md');
/** The instances' addresses in the documented site, replaced by the test's. */
const DOC_UPSTREAMS = ['127.0.0.1:8081', '127.0.0.1:8082'];
const DOC_LISTEN = 'listen 80;';

/** The ```nginx block of docs/deploy.md that defines `upstream pasal`, as the owner copies it. */
export function documentedSite(): string {
  const blocks = [...readFileSync(DEPLOY_DOC, 'utf8').matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1]);
  const site = blocks.find((block) => /^upstream pasal \{/m.test(block));
  if (!site) throw new Error(`docs/deploy.md has no \`\`\`nginx block with "upstream pasal {"`);
  return site;
}

/** The documented site with the test's ports: the same directives, other addresses. */
export function siteFor(site: string, listenPort: number, upstreamPorts: [number, number]): string {
  let text = site;
  for (const [i, address] of DOC_UPSTREAMS.entries()) {
    if (!text.includes(`server ${address}`))
      throw new Error(`the documented site has no "server ${address}"`);
    text = text.replaceAll(`server ${address}`, `server 127.0.0.1:${upstreamPorts[i]}`);
  }
  if (!text.includes(DOC_LISTEN)) throw new Error(`the documented site has no "${DOC_LISTEN}"`);
  return text.replace(DOC_LISTEN, `listen 127.0.0.1:${listenPort};`);
}

/** One access-log line: what nginx did with a request, per upstream attempt. */
export interface ProxiedRequest {
  method: string;
  uri: string;
  status: number;
  /** Each instance tried, in order ("127.0.0.1:port"). */
  upstreams: string[];
  /** What each of them answered (502 when the connection failed). */
  upstreamStatuses: string[];
  /** Bytes of the request sent to each: 0 means it never reached that instance. */
  upstreamBytesSent: number[];
  idempotencyKey: string;
}

export interface NginxProcess {
  /** http://127.0.0.1:port */
  readonly url: string;
  readonly pid: number;
  /** The access log so far. */
  requests(): ProxiedRequest[];
  errorLog(): string;
  stop(): Promise<void>;
}

// JSON lines, so the test reads exactly which instances nginx sent each request to.
const LOG_FORMAT = `log_format pasal_test escape=json '{"method":"$request_method","uri":"$request_uri","status":"$status","upstreams":"$upstream_addr","upstreamStatuses":"$upstream_status","upstreamBytesSent":"$upstream_bytes_sent","idempotencyKey":"$http_idempotency_key"}';`;

function mainConfig(dir: string, site: string): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `    ${kind}_temp_path ${join(dir, kind)};`)
    .join('\n');
  return `worker_processes 1;
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 512; }
http {
${temp}
    ${LOG_FORMAT}
    access_log ${join(dir, 'access.log')} pasal_test;

${site}
}
`;
}

// nginx separates the instances tried with ", " (and internal redirects with " : ").
const list = (value: string) => (value === '' || value === '-' ? [] : value.split(/\s*(?:,|\s:\s)\s*/));

function parseLine(line: string): ProxiedRequest {
  const raw = JSON.parse(line) as Record<string, string>;
  return {
    method: raw.method,
    uri: raw.uri,
    status: Number(raw.status),
    upstreams: list(raw.upstreams),
    upstreamStatuses: list(raw.upstreamStatuses),
    upstreamBytesSent: list(raw.upstreamBytesSent).map(Number),
    idempotencyKey: raw.idempotencyKey,
  };
}

/**
 * Starts nginx with the documented site in front of the two instances, on a free port, and
 * resolves once a request through it reaches an instance. Fails (never skips) without nginx.
 */
export async function startNginx(upstreamPorts: [number, number]): Promise<NginxProcess> {
  if (!existsSync(NGINX_BINARY)) throw new Error(NGINX_MISSING);
  const dir = mkdtempSync(join(tmpdir(), 'pasal-nginx-'));
  // As root the workers run as nobody: they must reach the temp folders the master makes here.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, mainConfig(dir, siteFor(documentedSite(), port, upstreamPorts)));
  const child: ChildProcess = spawn(
    NGINX_BINARY,
    [
      '-p',
      dir,
      '-c',
      config,
      '-e',
      join(dir, 'error.log'),
      '-g',
      `daemon off; pid ${join(dir, 'nginx.pid')};`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () =>
    existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`nginx exited before it answered:\n${output}\n${errorLog()}`);
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer within 15 s:\n${output}\n${errorLog()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid as number,
    requests() {
      const log = join(dir, 'access.log');
      const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
      return text.split('\n').filter(Boolean).map(parseLine);
    },
    errorLog,
    async stop() {
      // SIGTERM: nginx's fast shutdown (master and worker).
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
