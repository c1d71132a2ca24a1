import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';

// `npx tsx bench/pglite-profile.ts FILE.cpuprofile [--top 30] [--under ExecutorRun]`: where the
// database thread's time went in a profile that `npm run bench -- --cpu-prof DIR` wrote
// (pglite-*.cpuprofile). PGlite's WebAssembly carries no function names, so a profile shows
// "wasm-function[N]"; but PGlite exports about 2,000 of its C functions for extensions, and the
// export with index N names that function. Prints the busy time, then the named functions by
// inclusive time (what ran inside them) and by self time.

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The names of a WebAssembly module's exported functions, by function index. */
function exportedFunctionNames(wasm: Uint8Array): Map<number, string> {
  const names = new Map<number, string>();
  let at = 8; // magic number and version
  const leb = () => {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = wasm[at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  while (at < wasm.length) {
    const section = wasm[at++];
    const size = leb();
    const end = at + size;
    if (section === 7) {
      for (let count = leb(); count > 0; count -= 1) {
        const length = leb();
        const name = new TextDecoder().decode(wasm.subarray(at, at + length));
        at += length;
        const kind = wasm[at++];
        const index = leb();
        if (kind === 0) names.set(index, name);
      }
    }
    at = end;
  }
  return names;
}

function pgliteWasm(): Uint8Array {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return readFileSync(join(dirname(entry), 'pglite.wasm'));
}

function summarise(profile: CpuProfile, names: Map<number, string>, top: number, under?: string) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nameOf = (frame: CallFrame) => {
    const wasm = frame.functionName.match(/^wasm-function\[(\d+)\]$/);
    return wasm ? (names.get(Number(wasm[1])) ?? frame.functionName) : frame.functionName || '(anonymous)';
  };
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  let busy = 0;
  let counted = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const leaf = byId.get(id);
    if (!leaf || leaf.callFrame.functionName === '(idle)') return;
    busy += ms;
    const stack: string[] = [];
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const frame = byId.get(node);
      if (frame) stack.push(nameOf(frame.callFrame));
    }
    const root = under ? stack.indexOf(under) : stack.length;
    if (root < 0) return;
    counted += ms;
    const inside = stack.slice(0, root);
    for (const name of new Set(inside)) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    // The nearest named C or JavaScript function: calls through Emscripten's wrappers are skipped.
    const own =
      inside.find((name) => !/^(wasm-function\[|wasm-to-js|js-to-wasm|invoke_)/.test(name)) ?? inside[0];
    if (own) self.set(own, (self.get(own) ?? 0) + ms);
  });
  const share = (ms: number) => `${((ms / counted) * 100).toFixed(1).padStart(5)} %`;
  const list = (title: string, table: Map<string, number>) => {
    console.log(`\n${title}`);
    const rows = [...table].filter(([name]) => !name.startsWith('wasm-function['));
    for (const [name, ms] of rows.sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`${share(ms)}  ${ms.toFixed(0).padStart(7)} ms  ${name}`);
    }
  };
  console.log(`busy ${busy.toFixed(0)} ms${under ? `, of it inside ${under} ${counted.toFixed(0)} ms` : ''}`);
  list('inclusive (the function and what it called)', inclusive);
  list('self (the nearest named function)', self);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' }, under: { type: 'string' } },
});
if (positionals.length === 0) {
  console.error('usage: tsx bench/pglite-profile.ts FILE.cpuprofile [--top 30] [--under ExecutorRun]');
  process.exit(2);
}
const names = exportedFunctionNames(pgliteWasm());
for (const file of positionals) {
  console.log(`== ${file}`);
  summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, names, Number(values.top), values.under);
}
