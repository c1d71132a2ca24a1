import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import autocannon, { type RawResult } from 'autocannon';
import pg from 'pg';
import { type BenchContext, type BenchRequest, benchEndpoints } from './bench-endpoints';
import { prepareDatabase, type RunningServer, readLedger, startServer } from './bench-server';

// `npm run bench` (HTTP part): seeds a large catalogue, starts the server, and loads each endpoint
// with autocannon in alternation with a bare node:http server (its own process) that answers the
// same bytes: endpoint, bare, endpoint, bare, the same duration each. Nothing here is asserted.

export interface HttpBenchOptions {
  products: number;
  /** Seconds per measured run. */
  duration: number;
  /** Endpoint-then-bare rounds (2: A B A B). */
  rounds: number;
  connections: number;
  port: number;
  databaseUrl?: string;
  /** Endpoint names to run (all when empty). */
  endpoints: string[];
  /** Print full query plans. */
  explain: boolean;
  /** Only time single requests (a server that cannot take the load would take hours to drain it). */
  aloneOnly: boolean;
  /** Folder for the server's CPU profile (node --cpu-prof), written when it stops. */
  cpuProfDir?: string;
}

interface Answer {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** Hands out a varied request's paths in turn, and counts how often it went through them all. */
class PathCycle {
  private index = 0;
  wraps = 0;
  constructor(private readonly paths: string[]) {}
  next(): string {
    const path = this.paths[this.index];
    this.index += 1;
    if (this.index === this.paths.length) {
      this.index = 0;
      this.wraps += 1;
    }
    return path;
  }
}

/** One request as a client sees it on the wire: raw headers and undecoded body bytes. */
function capture(baseUrl: string, req: BenchRequest, cycle?: PathCycle): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = req.perRequest ? req.perRequest({ headers: req.headers }).headers : req.headers;
    const outgoing = httpRequest(
      `${baseUrl}${cycle?.next() ?? req.path}`,
      { method: req.method, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const pairs: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            pairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
          resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}

/** Median time of a few requests sent one at a time, on a quiet server. */
async function alone(baseUrl: string, req: BenchRequest, cycle?: PathCycle, times = 5): Promise<number> {
  const took: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await capture(baseUrl, req, cycle);
    took.push(performance.now() - started);
  }
  return took.sort((a, b) => a - b)[Math.floor(times / 2)];
}

/** CPU time a process has used so far (user and system), from /proc; 0 where there is none. */
function cpuMs(pid: number): number {
  const path = `/proc/${pid}/stat`;
  if (!existsSync(path)) return 0;
  // The command name may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
  // utime and stime, fields 14 and 15 of stat, counted in clock ticks of 10 ms on Linux.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * PostgreSQL's side of a request: the CPU of the backends serving the bench database, when the
 * server runs on this machine (their /proc entries are visible). It shares the cores with the shop,
 * so req/s depends on it as much as on the shop's own CPU.
 */
async function databaseCpu(databaseUrl: string | undefined) {
  if (!databaseUrl) return undefined;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const snapshot = async () => {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return new Map(rows.map(({ pid }) => [pid, cpuMs(pid)]));
  };
  return {
    snapshot,
    /** CPU ms the backends used since `before` (a backend that started since counts whole). */
    since: async (before: Map<number, number>) => {
      let ms = 0;
      for (const [pid, now] of await snapshot()) ms += now - (before.get(pid) ?? 0);
      return ms;
    },
    close: () => client.end(),
  };
}

function startBare(): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(join(import.meta.dirname, 'bare-server.mjs'), ['0'], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (message: { type: string; port: number }) =>
      resolve({ child, port: message.port }),
    );
  });
}

function serveOnBare(bare: ChildProcess, answer: Answer): Promise<void> {
  return new Promise((resolve) => {
    bare.once('message', () => resolve());
    bare.send({
      type: 'serve',
      status: answer.status,
      headers: answer.headers,
      body: answer.body.toString('base64'),
    });
  });
}

async function load(
  url: string,
  req: BenchRequest,
  seconds: number,
  connections: number,
  cycle?: PathCycle,
): Promise<RawResult> {
  return autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    skipAggregateResult: true,
    requests: [
      {
        method: req.method,
        path: req.path,
        headers: req.headers,
        body: req.body,
        // autocannon calls setupRequest whenever the key is present, so it is only set when needed.
        ...((req.perRequest || cycle) && {
          setupRequest: (request) => ({
            ...request,
            ...(cycle && { path: cycle.next() }),
            ...req.perRequest?.({ headers: request.headers ?? {} }),
          }),
        }),
      },
    ],
  });
}

interface Side {
  reqPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

function summarise(runs: RawResult[], url: string, connections: number): Side {
  const all = autocannon.aggregateResult(runs, { url, connections });
  const seconds = runs.reduce((sum, r) => sum + r.duration, 0);
  return {
    reqPerSec: runs.reduce((sum, r) => sum + r.totalCompletedRequests, 0) / seconds,
    p50: all.latency.p50,
    p90: all.latency.p90,
    p99: all.latency.p99,
    max: all.latency.max,
    errors: all.errors,
    timeouts: all.timeouts,
    non2xx: all.non2xx,
  };
}

// Issue 28: catalogue reads while a burst of checkouts is in flight. On PGlite (one connection) the
// orders queue at the database; the reads must not queue behind them: a cached page only needs the
// HTTP thread, a product nobody asked for yet needs one quick statement.
const BURST = 'checkout burst with reads';
const READ_CONNECTIONS = 10;

async function checkoutBurstWithReads(ctx: BenchContext, baseUrl: string, options: HttpBenchOptions) {
  const find = (name: string) => benchEndpoints.find((e) => e.name === name);
  const checkout = await find('checkout')?.prepare(ctx);
  const detail = await find('varied detail')?.prepare(ctx);
  const home = await find('home data')?.prepare(ctx);
  if (!checkout || !detail?.paths || !home) {
    console.info(`${BURST}: skipped (no checkout on this server yet)`);
    return;
  }
  const cycle = new PathCycle(detail.paths);
  const run = () =>
    Promise.all([
      load(baseUrl, detail, options.duration, READ_CONNECTIONS, cycle),
      load(baseUrl, home, options.duration, READ_CONNECTIONS / 2),
    ]);
  await load(baseUrl, home, 1, READ_CONNECTIONS);
  const quiet = await run();
  const [orders, busy] = await Promise.all([
    load(baseUrl, checkout, options.duration, options.connections),
    run(),
  ]);
  const row = (label: string, result: RawResult, connections: number) => {
    const r = summarise([result], baseUrl, connections);
    const failures = r.errors + r.timeouts + r.non2xx;
    console.info(
      `  ${label.padEnd(44)} ${r.reqPerSec.toFixed(0).padStart(6)} ${r.p50.toFixed(0).padStart(7)} ${r.p90.toFixed(0).padStart(7)} ${r.p99.toFixed(0).padStart(7)} ${r.max.toFixed(0).padStart(7)}   ${failures === 0 ? 'none' : `${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`}`,
    );
  };
  console.info(
    `${BURST}: ${options.connections} connections placing orders, reads on ${READ_CONNECTIONS + READ_CONNECTIONS / 2} more`,
  );
  console.info(`  ${'requests'.padEnd(44)}  req/s  p50 ms  p90 ms  p99 ms  max ms   errors`);
  row(`product detail, varied, alone (${READ_CONNECTIONS} connections)`, quiet[0], READ_CONNECTIONS);
  row(`home data, cached, alone (${READ_CONNECTIONS / 2})`, quiet[1], READ_CONNECTIONS / 2);
  row(`checkout (${options.connections} connections)`, orders, options.connections);
  row('product detail, varied, during the checkouts', busy[0], READ_CONNECTIONS);
  row('home data, cached, during the checkouts', busy[1], READ_CONNECTIONS / 2);
  console.info(
    `${''.padEnd(2)}${detail.paths.length} distinct products, ${cycle.wraps === 0 ? 'none asked twice' : 'some asked twice (later ones may come from the cache)'}`,
  );
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
const kb = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes >= 10_240
      ? `${(bytes / 1024).toFixed(0)} kB`
      : `${(bytes / 1024).toFixed(1)} kB`;

export async function httpBench(options: HttpBenchOptions): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pasal-http-bench-'));
  const kind = options.databaseUrl ? 'PostgreSQL' : 'PGlite';
  let server: RunningServer | undefined;
  let bare: ChildProcess | undefined;
  let dbCpu: Awaited<ReturnType<typeof databaseCpu>> | undefined;
  try {
    const seeded = await prepareDatabase({ ...options, dataDir });
    console.info(
      `${kind}: ${seeded.products} products (demo seed ${(seeded.demoMs / 1000).toFixed(1)} s, generated products ${(seeded.scaleMs / 1000).toFixed(1)} s)`,
    );
    server = await startServer({
      port: options.port,
      dataDir,
      databaseUrl: options.databaseUrl,
      cpuProfDir: options.cpuProfDir,
    });
    const sampler = setInterval(() => server?.sample(), 100);
    dbCpu = await databaseCpu(options.databaseUrl);
    const started = await startBare();
    bare = started.child;
    const bareUrl = `http://127.0.0.1:${started.port}`;
    const baseUrl = server.baseUrl;
    const ctx: BenchContext = {
      baseUrl,
      call: (method, path, body, headers = {}) =>
        fetch(`${baseUrl}${path}`, {
          method,
          headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
    };

    console.info(
      `${options.connections} connections, ${options.duration} s per run, endpoint and bare server alternating ${options.rounds} times (A B A B…)`,
    );
    console.info(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${cpus().length} CPUs at the start`,
    );
    console.info(
      'endpoint            alone ms   req/s   p50 ms   p90 ms   p99 ms   max ms   answer on the wire (JSON)   bare req/s  bare p99   ratio  CPU µs/req  CPU ratio  DB µs/req  errors',
    );
    for (const endpoint of benchEndpoints) {
      if (options.endpoints.length > 0 && !options.endpoints.includes(endpoint.name)) continue;
      const req = await endpoint.prepare(ctx);
      if (!req) {
        console.info(`${endpoint.name.padEnd(18)}  (not available on this server yet: skipped)`);
        continue;
      }
      const cycle = req.paths ? new PathCycle(req.paths) : undefined;
      const answer = await capture(baseUrl, req, cycle);
      const aloneMs = await alone(baseUrl, req, cycle);
      if (options.aloneOnly) {
        console.info(`${endpoint.name.padEnd(18)} ${aloneMs.toFixed(1).padStart(9)}   (not loaded: --alone)`);
        continue;
      }
      await serveOnBare(bare, answer);
      // Warm both sides up (JIT, caches, connection pools) before measuring.
      await load(baseUrl, req, 2, options.connections, cycle);
      await load(bareUrl, req, 1, options.connections);
      const shop: RawResult[] = [];
      const yardstick: RawResult[] = [];
      const cpu = { shop: 0, bare: 0, db: 0 };
      for (let round = 0; round < options.rounds; round += 1) {
        const shopStart = cpuMs(server.pid);
        const dbStart = await dbCpu?.snapshot();
        shop.push(await load(baseUrl, req, options.duration, options.connections, cycle));
        cpu.shop += cpuMs(server.pid) - shopStart;
        if (dbCpu && dbStart) cpu.db += await dbCpu.since(dbStart);
        const bareStart = cpuMs(bare.pid!);
        yardstick.push(await load(bareUrl, req, options.duration, options.connections));
        cpu.bare += cpuMs(bare.pid!) - bareStart;
      }
      const a = summarise(shop, baseUrl, options.connections);
      const b = summarise(yardstick, bareUrl, options.connections);
      const perRequest = (ms: number, runs: RawResult[]) =>
        (ms * 1000) /
        Math.max(
          1,
          runs.reduce((sum, r) => sum + r.totalCompletedRequests, 0),
        );
      const shopCpu = perRequest(cpu.shop, shop);
      const bareCpu = perRequest(cpu.bare, yardstick);
      const dbPerRequest = dbCpu ? perRequest(cpu.db, shop).toFixed(0) : '–';
      const encoding = answer.headers.find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
      const decoded =
        encoding === 'br'
          ? brotliDecompressSync(answer.body)
          : encoding === 'gzip'
            ? gunzipSync(answer.body)
            : answer.body;
      const size = encoding
        ? `${kb(answer.body.length)} ${encoding} (${kb(decoded.length)})`
        : kb(answer.body.length);
      const failures = a.errors + a.timeouts + a.non2xx;
      console.info(
        [
          endpoint.name.padEnd(18),
          aloneMs.toFixed(1).padStart(9),
          a.reqPerSec.toFixed(0).padStart(7),
          a.p50.toFixed(0).padStart(8),
          a.p90.toFixed(0).padStart(8),
          a.p99.toFixed(0).padStart(8),
          a.max.toFixed(0).padStart(8),
          `  ${size.padEnd(26)}`,
          b.reqPerSec.toFixed(0).padStart(10),
          b.p99.toFixed(0).padStart(9),
          `${(a.reqPerSec / b.reqPerSec).toFixed(2)}×`.padStart(7),
          `${shopCpu.toFixed(0)}/${bareCpu.toFixed(0)}`.padStart(11),
          `${(bareCpu / shopCpu).toFixed(2)}×`.padStart(7),
          dbPerRequest.padStart(10),
          a.reqPerSec === 0
            ? '     no answer within a run'
            : failures === 0
              ? '     none'
              : `     ${a.errors} errors, ${a.timeouts} timeouts, ${a.non2xx} non-2xx (status ${answer.status})`,
        ].join(' '),
      );
      if (cycle)
        console.info(
          `${''.padEnd(18)}  ${req.paths!.length} distinct requests, ${cycle.wraps === 0 ? 'none sent twice' : `all sent ${cycle.wraps + 1} times or so (later ones may come from the cache)`}`,
        );
    }
    if (options.endpoints.length === 0 || options.endpoints.includes(BURST))
      await checkoutBurstWithReads(ctx, baseUrl, options);
    clearInterval(sampler);
    const peak = server.peakRssBytes();
    console.info(
      `server memory: peak RSS ${mb(peak.sampled)} sampled during the run${peak.highWater ? ` (kernel high-water mark ${mb(peak.highWater)})` : ''}`,
    );
    await server.stop();
    server = undefined;
    // Every order took its units from the stock, none more than there was: stock + units sold is
    // what it was before the load, and the stock never went below zero.
    const before = seeded.ledger;
    const after = await readLedger({ databaseUrl: options.databaseUrl, dataDir }, before.productId);
    const ordered = after.sold - before.sold;
    if (after.stockPlusSold !== before.stockPlusSold || after.stock < 0)
      throw new Error(
        `Oversell or lost stock: before ${before.stock} in stock + ${before.sold} sold, after ${after.stock} + ${after.sold}`,
      );
    console.info(
      `stock check: ${ordered} units ordered during the run; stock + units sold unchanged (${after.stockPlusSold}), stock ${after.stock} ≥ 0: no oversell`,
    );
  } finally {
    await dbCpu?.close();
    bare?.disconnect();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
