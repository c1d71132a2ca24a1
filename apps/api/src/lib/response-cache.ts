import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

// Serialized, compressed-once answers of public catalogue reads, kept for a bounded time.
// docs/performance.md and decision 011 explain the freshness bound and why it is time-based.

export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Below this a compressed answer saves less than its headers cost.
const COMPRESS_FROM_BYTES = 1024;
// Past this share of the bound a request starts a background refresh, leaving the last third for it.
const REFRESH_AT = 2 / 3;
// Bookkeeping per entry (key, object, map slot), roughly, so that many tiny answers count too.
const ENTRY_OVERHEAD_BYTES = 512;

export interface ResponseCacheOptions {
  /** The longest an answer is served after the data in it was read (ms); 0 keeps nothing. */
  maxAgeMs: number;
  /** Cap on the bytes of all kept answers and their compressed forms; least recently used go first. */
  maxBytes: number;
  /** Told about failed background refreshes (the answer in hand is served until it expires). */
  onRefreshError?: (key: string, error: unknown) => void;
  now?: () => number;
}

export interface EncodedBody {
  encoding: Encoding;
  body: Buffer;
}

export class CachedAnswer {
  readonly etag: string;
  private readonly variants = new Map<'br' | 'gzip', Promise<Buffer>>();
  /** The compressed forms already made, for answering without waiting. */
  private readonly ready = new Map<'br' | 'gzip', EncodedBody>();
  private readonly plain: EncodedBody;
  /** Its denser brotli form has been asked for (decision 077). */
  private densifying = false;

  constructor(
    /** The serialized JSON. */
    readonly body: Buffer,
    /** When the data was read: the moment its computation started. */
    readonly readAt: number,
    private readonly grew: (bytes: number) => void,
  ) {
    // Weak: the same JSON is sent brotli, gzip or plain, and equal JSON is equal on any instance.
    this.etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    this.plain = { encoding: 'identity', body };
  }

  /**
   * The body in the best encoding the client accepts if it is at hand (no waiting), else undefined.
   * An answer asked for again gets its denser brotli form made in the background (see below).
   */
  encodedNow(accepted: Encoding): EncodedBody | undefined {
    if (accepted === 'identity' || this.body.length < COMPRESS_FROM_BYTES) return this.plain;
    const ready = this.ready.get(accepted);
    if (ready && accepted === 'br' && !this.densifying) this.densify(ready);
    return ready;
  }

  /** The body in the best encoding the client accepts, compressed on first use and kept. */
  async encoded(accepted: Encoding): Promise<EncodedBody> {
    const now = this.encodedNow(accepted);
    if (now) return now;
    if (accepted === 'identity') return this.plain;
    let variant = this.variants.get(accepted);
    if (!variant) {
      // Most answers of a varied catalogue are asked for once: the first brotli form is a quick
      // one (quality 4 costs 0.3 ms of CPU for a 17 kB product page, quality 6 0.7 ms; decision 077).
      variant =
        accepted === 'br'
          ? brotli(this.body, brotliOptions(4, this.body.length))
          : gzipAsync(this.body, { level: 6 });
      this.variants.set(accepted, variant);
      variant.then(
        (bytes) => {
          this.ready.set(accepted, { encoding: accepted, body: bytes });
          this.grew(bytes.length);
        },
        () => this.variants.delete(accepted),
      );
    }
    return { encoding: accepted, body: await variant };
  }

  /** An answer asked for again is worth a denser form: made once, in the background, then served. */
  private densify(quick: EncodedBody): void {
    this.densifying = true;
    brotli(this.body, brotliOptions(6, this.body.length)).then(
      (bytes) => {
        if (bytes.length >= quick.body.length) return;
        this.ready.set('br', { encoding: 'br', body: bytes });
        this.grew(bytes.length - quick.body.length);
      },
      () => {},
    );
  }
}

function brotliOptions(quality: number, size: number) {
  return {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: size },
  };
}

interface Entry {
  answer: CachedAnswer;
  bytes: number;
  refreshing: boolean;
}

/**
 * A bounded LRU of answers. An answer is served while younger than maxAgeMs (measured from when
 * its data was read); past two thirds of that age a request starts one background refresh, so
 * under steady traffic nobody waits for the database. Concurrent misses of one key share one computation.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<CachedAnswer>>();
  private bytes = 0;
  /** Bumped by clear(): computations started before it are not kept. */
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: ResponseCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Lookups answered from a kept answer and those that had to compute one (the hit rate on /metrics). */
  readonly lookups = { hits: 0, misses: 0 };

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  async get(key: string, compute: () => Promise<string>): Promise<CachedAnswer> {
    return this.fresh(key, compute) ?? this.load(key, compute);
  }

  /**
   * Computes the answer (or joins the computation already running) and keeps it, without looking
   * for a kept one: for a caller whose fresh() just found none.
   */
  compute(key: string, compute: () => Promise<string>): Promise<CachedAnswer> {
    return this.load(key, compute);
  }

  /**
   * The answer in hand if it is within the bound (starting the background refresh when due), else
   * undefined. Synchronous, so the common case costs no promise.
   */
  fresh(key: string, compute: () => Promise<string>): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.lookups.misses += 1;
      return undefined;
    }
    const age = this.now() - entry.answer.readAt;
    if (age >= this.options.maxAgeMs) {
      this.remove(key);
      this.lookups.misses += 1;
      return undefined;
    }
    this.lookups.hits += 1;
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (age >= this.options.maxAgeMs * REFRESH_AT && !entry.refreshing) {
      entry.refreshing = true;
      this.load(key, compute).catch((error) => {
        entry.refreshing = false;
        this.options.onRefreshError?.(key, error);
      });
    }
    return entry.answer;
  }

  /** Counts clear() calls: what was read under an older number may be out of date. */
  get clears(): number {
    return this.generation;
  }

  /** Forgets every answer (for writes made through this instance; others age out within maxAgeMs). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  private load(key: string, compute: () => Promise<string>): Promise<CachedAnswer> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const readAt = this.now();
    const generation = this.generation;
    const promise = compute()
      .then((json) => {
        const answer = new CachedAnswer(Buffer.from(json), readAt, (grown) => this.grow(key, answer, grown));
        if (this.options.maxAgeMs > 0 && generation === this.generation) this.store(key, answer);
        return answer;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  private store(key: string, answer: CachedAnswer): void {
    this.remove(key);
    const bytes = answer.body.length + key.length * 2 + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.options.maxBytes) return;
    this.entries.set(key, { answer, bytes, refreshing: false });
    this.bytes += bytes;
    this.evict();
  }

  /** A compressed form was added to an answer that may still be kept. */
  private grow(key: string, answer: CachedAnswer, grown: number): void {
    const entry = this.entries.get(key);
    if (entry?.answer !== answer) return;
    entry.bytes += grown;
    this.bytes += grown;
    this.evict();
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.options.maxBytes) return;
      this.remove(key);
    }
  }
}

// Browsers send one of a handful of Accept-Encoding values; each is parsed once.
const negotiated = new Map<string, Encoding>();
const NEGOTIATED_MAX = 64;

/** The best encoding the Accept-Encoding header allows: brotli, then gzip, else none. */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = negotiate(header);
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    negotiated.set(header, encoding);
  }
  return encoding;
}

function negotiate(header: string): Encoding {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (Math.max(weight('gzip'), weights.get('x-gzip') ?? 0) > 0) return 'gzip';
  return 'identity';
}

/** If-None-Match against an ETag, by weak comparison (RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
