// The messages between the server's thread and the embedded database's thread (decision 075).

export interface ThreadOptions {
  /** The data folder; none means an in-memory database. */
  dataDir?: string;
  /** Start from this image (`dumpDataDir()`) instead of an empty cluster. */
  image?: Blob;
  /** PostgreSQL's shared_buffers, such as `32MB`; none: PGlite's default (decision 076). */
  sharedBuffers?: string;
}

interface Read {
  /** The transaction (or exclusive hold) the statement belongs to; none: on its own. */
  hold?: number;
  rowMode?: 'array' | 'object';
  /** Types read as the text the server wrote (the driver's identity parsers). */
  textTypes?: number[];
}

export type Call =
  | ({ id: number; op: 'query'; sql: string; params?: unknown[] } & Read)
  | ({ id: number; op: 'exec'; sql: string } & Read)
  | { id: number; op: 'begin' | 'lock' }
  | { id: number; op: 'end'; hold: number; commit: boolean }
  | { id: number; op: 'dump'; compression?: 'none' | 'gzip' | 'auto' }
  | { id: number; op: 'close' };

export type Reply =
  | { id: number; result: unknown; error?: undefined }
  | { id: number; error: { name: string; message: string; fields: Record<string, unknown> } };
