// PostgreSQL asks a relation's size (lseek to the end of its file) for every table and index a
// statement names, when planning and again when scanning. In PGlite on a data folder each ask is
// a file-status system call through Emscripten's NODEFS: 9–10 % of the database thread's time over
// the bench's varied searches (decision 086). The data folder is this process's alone (the server
// and the offline backup take its lock, lib/data-dir-lock.ts), so a file's size changes only
// through this file system's own calls: sizes are remembered until any of them writes,
// truncates, creates, renames or removes.

type Node = { mode: number };
type Stream = { node: Node };
type Operation = (this: unknown, ...args: never[]) => unknown;
type Operations = Record<string, Operation | undefined>;
type Emscripten = {
  NODEFS?: { stream_ops?: Operations; node_ops?: Operations };
  FS?: { isFile?: (mode: number) => boolean; ErrnoError?: new (errno: number) => Error };
};

const SEEK_END = 2;
const EINVAL = 28;
/** Calls that can change a file's size or which file a path names. */
const STREAM_CHANGES = ['write', 'setattr', 'allocate', 'msync'];
const NODE_CHANGES = ['setattr', 'mknod', 'rename', 'unlink', 'rmdir', 'symlink'];
const patched = new WeakSet<object>();

/**
 * Makes this PGlite's data-folder files answer "where is the end" from memory until something
 * writes. Returns false, changing nothing, when the module is not shaped as expected (another
 * PGlite build). A database in memory keeps its files in MEMFS, which this does not touch.
 */
export function rememberFileSizes(module: unknown): boolean {
  const { NODEFS, FS } = (module ?? {}) as Emscripten;
  const streamOps = NODEFS?.stream_ops;
  const nodeOps = NODEFS?.node_ops;
  const seek = streamOps?.llseek;
  const isFile = FS?.isFile;
  const ErrnoError = FS?.ErrnoError;
  if (!streamOps || !nodeOps || !seek || !isFile || !ErrnoError || typeof streamOps.write !== 'function') {
    return false;
  }
  if (patched.has(streamOps)) return true;
  patched.add(streamOps);

  // Any change anywhere forgets every size: writes are rare while shoppers read, and this way no
  // two streams of one file can disagree.
  let generation = 0;
  const sizes = new WeakMap<Stream, { generation: number; size: number }>();
  const forgetting = (ops: Operations, name: string) => {
    const original = ops[name];
    if (typeof original !== 'function') return;
    ops[name] = function (this: unknown, ...args: never[]) {
      try {
        return original.apply(this, args);
      } finally {
        generation += 1;
      }
    };
  };
  for (const name of STREAM_CHANGES) forgetting(streamOps, name);
  for (const name of NODE_CHANGES) forgetting(nodeOps, name);
  // Opening with O_TRUNC empties a file other streams may have open.
  forgetting(streamOps, 'open');

  streamOps.llseek = function (this: unknown, ...args: never[]) {
    const [stream, offset, whence] = args as unknown as [Stream, number, number];
    if (whence !== SEEK_END || !isFile(stream.node.mode)) return seek.apply(this, args);
    let known = sizes.get(stream);
    if (!known || known.generation !== generation) {
      const size = seek.apply(this, [stream, 0, SEEK_END] as never[]) as number;
      known = { generation, size };
      sizes.set(stream, known);
    }
    const position = known.size + offset;
    if (position < 0) throw new ErrnoError(EINVAL);
    return position;
  };
  return true;
}
