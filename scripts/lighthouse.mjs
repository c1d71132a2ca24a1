// `npm run lighthouse`: Lighthouse (mobile preset) in Debian's Chromium against the built shop, started
// here on a free port with a fresh data folder. Prints the four category scores and the main metrics
// per page; the figures are printed, never asserted (timings vary from run to run).
//   --runs N       audit each page N times: the median of each figure, then the spread (min / median /
//                  max) of Performance, TBT and LCP, since one run can hide a slow one (default 10)
//   --pages a,b    only these pages (home, product, category, search)
//   --save DIR     keep each run's full report as DIR/<page>-<run>.json
//   --dist DIR     audit this storefront build instead of apps/web/dist (not rebuilt): e.g. a build
//                  of another commit, measured alternately with this one at the same machine load
//   --language ne  audit as a browser set to Nepali (its first visit opens the shop in Nepali, as a
//                  shopper's would); the default is English
//   --nice=N       run the shop and the browser at this scheduling priority (e.g. -10; below 0 needs
//                  root): on a machine busy with other work, Lighthouse multiplies the main thread's
//                  inflated task times by 4; a higher priority gets closer to an idle machine
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, setPriority, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    pages: { type: 'string' },
    save: { type: 'string' },
    nice: { type: 'string' },
    dist: { type: 'string' },
    language: { type: 'string', default: 'en' },
  },
});
if (!['en', 'ne'].includes(args.language)) throw new Error('--language is en or ne');
const NICE = args.nice === undefined ? null : Number.parseInt(args.nice, 10);
const RUNS = Math.max(1, Number.parseInt(args.runs, 10) || 1);
const ONLY = args.pages ? new Set(args.pages.split(',')) : null;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The browser's languages (navigator.languages, Accept-Language): the shop's first visit follows them.
  ...(args.language === 'ne'
    ? ['--lang=ne', '--accept-lang=ne-NP,ne,en']
    : ['--lang=en-US', '--accept-lang=en-US,en']),
];

/** The newest modification time under `path` (files only). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Builds the storefront when there is no build or its sources changed since. */
function buildIfNeeded() {
  const web = join(root, 'apps/web');
  const built = join(web, 'dist/index.html');
  const sources = ['src', 'index.html', 'public', 'vite.config.ts'].map((p) => join(web, p));
  sources.push(join(root, 'packages/contract/src'));
  if (existsSync(built) && Math.max(...sources.map(newest)) <= statSync(built).mtimeMs) return;
  console.info('Building the storefront…');
  const build = spawnSync(npm, ['run', 'build', '-w', '@pasal/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base, server) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not answer /api/health within 3 minutes');
}

async function getJson(base, path) {
  const res = await fetch(`${base}/api/ecommerce${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

/** Home, a product page, a category page and search, found in the seeded catalogue. */
async function pages(base) {
  const { results: products } = await getJson(base, '/products?limit=20');
  const product = products.find((p) => p.total_available_quantity > 0) ?? products[0];
  const { data } = await getJson(base, '/category/featured');
  const category = data.results[0];
  return [
    { name: 'home', url: `${base}/` },
    { name: 'product', url: `${base}/detail/${product.slug}` },
    { name: 'category', url: `${base}/viewallca/${category.id}` },
    { name: 'search', url: `${base}/search?query=rice` },
  ];
}

/** The middle value (the mean of the two middle ones for an even count); null when there is none. */
function median(values) {
  const known = values.filter((v) => v != null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const mid = Math.floor(known.length / 2);
  return known.length % 2 ? known[mid] : (known[mid - 1] + known[mid]) / 2;
}

const score = (values) => {
  const m = median(values.map((c) => (c?.score == null ? null : c.score * 100)));
  return m == null ? '–' : String(Math.round(m));
};
const ms = (values) => {
  const m = median(values.map((a) => a?.numericValue));
  return m == null ? '–' : `${Math.round(m)} ms`;
};
/** min / median / max of some numbers, rounded. */
const spread = (values) => {
  const known = values.filter((v) => v != null);
  if (known.length === 0) return '–';
  return [Math.min(...known), median(known), Math.max(...known)].map((v) => Math.round(v)).join(' / ');
};
const cls = (values) => {
  const m = median(values.map((a) => a?.numericValue));
  return m == null ? '–' : m.toFixed(3);
};

/** The audits that cost a category points, for the categories that should be at 100. */
function shortfalls(lhr) {
  const lines = [];
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    const category = lhr.categories[id];
    if (!category || category.score === 1) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
        lines.push(`${category.title}: ${ref.id}: ${audit.title}`);
      }
    }
  }
  return lines;
}

/** Rows of equal keys as aligned text columns. */
function table(rows) {
  const keys = Object.keys(rows[0]);
  const width = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  const line = (cells) =>
    cells
      .map((c, i) => String(c).padEnd(width[i]))
      .join('  ')
      .trimEnd();
  return [
    line(keys),
    line(width.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(keys.map((k) => r[k]))),
  ].join('\n');
}

/** One Lighthouse run; a run that failed to record (it says "run again") is run again, up to 3 times. */
async function audit(url, port) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    console.warn(`  ${lhr.runtimeError.code}, running again`);
  }
}

async function main() {
  if (!args.dist) buildIfNeeded();
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'pasal-lighthouse-'));
  const server = spawn(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'apps/api/src/server.ts')],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...(args.dist ? { WEB_DIST: resolve(args.dist) } : {}),
      },
    },
  );
  if (NICE !== null) {
    // The server now, the browser through a wrapper: its processes inherit the priority.
    try {
      setPriority(server.pid, NICE);
    } catch (error) {
      console.warn(`Cannot set priority ${NICE} (${error.code}); measuring at the default priority.`);
    }
    const wrapper = join(dataDir, 'chromium-nice.sh');
    writeFileSync(wrapper, `#!/bin/sh\nexec nice -n ${NICE} ${CHROMIUM} "$@"\n`);
    chmodSync(wrapper, 0o755);
    CHROMIUM = wrapper;
  }
  let chrome;
  const cleanUp = async () => {
    await chrome?.kill();
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Ctrl-C leaves no server, browser or data folder behind.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => cleanUp().finally(() => process.exit(130)));
  }
  try {
    console.info(`Starting the shop on ${base} (fresh data in ${dataDir})…`);
    await waitForHealth(base, server);
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    const rows = [];
    const spreads = [];
    const notes = [];
    let version = '';
    if (args.save) mkdirSync(args.save, { recursive: true });
    const load = [loadavg()[0]];
    for (const page of await pages(base)) {
      if (ONLY && !ONLY.has(page.name)) continue;
      const lhrs = [];
      for (let run = 1; run <= RUNS; run++) {
        console.info(`Lighthouse: ${page.url}${RUNS > 1 ? ` (run ${run} of ${RUNS})` : ''}`);
        const lhr = await audit(page.url, chrome.port);
        if (args.save) writeFileSync(join(args.save, `${page.name}-${run}.json`), JSON.stringify(lhr));
        lhrs.push(lhr);
        load.push(loadavg()[0]);
      }
      version = lhrs[0].lighthouseVersion;
      // In Nepali the page fetches the translation engine and its messages (one chunk): proof the
      // audit saw the Nepali shop, not the English one.
      const fetchedEngine = (l) =>
        (l.audits['network-requests']?.details?.items ?? []).some((r) =>
          /\/assets\/engine-[^/]*\.js/.test(r.url),
        );
      const nepali = lhrs.every(fetchedEngine);
      if (nepali !== (args.language === 'ne')) {
        throw new Error(
          `${page.name}: audited in ${nepali ? 'Nepali' : 'English'}, not in --language ${args.language}`,
        );
      }
      const c = (id) => lhrs.map((l) => l.categories[id]);
      const a = (id) => lhrs.map((l) => l.audits[id]);
      rows.push({
        page: page.name,
        language: args.language,
        Performance: score(c('performance')),
        Accessibility: score(c('accessibility')),
        'Best Practices': score(c('best-practices')),
        SEO: score(c('seo')),
        CLS: cls(a('cumulative-layout-shift')),
        TBT: ms(a('total-blocking-time')),
        LCP: ms(a('largest-contentful-paint')),
        FCP: ms(a('first-contentful-paint')),
      });
      spreads.push({
        page: page.name,
        language: args.language,
        'Performance min / median / max': spread(
          c('performance').map((x) => (x?.score == null ? null : x.score * 100)),
        ),
        'TBT ms': spread(a('total-blocking-time').map((x) => x?.numericValue)),
        'LCP ms': spread(a('largest-contentful-paint').map((x) => x?.numericValue)),
        'CLS max': Math.max(...a('cumulative-layout-shift').map((x) => x?.numericValue ?? 0)).toFixed(3),
      });
      for (const line of new Set(lhrs.flatMap(shortfalls))) notes.push(`${page.name}: ${line}`);
    }
    console.info(`\nLighthouse ${version}, mobile preset, Chromium at ${CHROMIUM}`);
    if (args.dist) console.info(`Storefront build: ${resolve(args.dist)}`);
    if (NICE !== null) console.info(`Shop and browser at scheduling priority ${NICE}.`);
    if (RUNS > 1) console.info(`Medians of ${RUNS} runs per page.`);
    // Lighthouse scales the main thread's observed work by 4: a busy machine inflates TBT and LCP.
    console.info(
      `Load average (1 min) during the runs: ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}`,
    );
    console.info(table(rows));
    if (RUNS > 1) console.info(`\nSpread over the ${RUNS} runs (min / median / max)\n${table(spreads)}`);
    if (notes.length) console.info(`Below 100:\n  ${notes.join('\n  ')}`);
  } finally {
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
