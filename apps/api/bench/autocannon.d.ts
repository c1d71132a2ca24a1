// The part of autocannon's API (JavaScript without bundled types) that the bench uses.
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    skipAggregateResult?: boolean;
  }
  /** A run's counters with encoded histograms (skipAggregateResult), to aggregate several runs. */
  export interface RawResult {
    totalCompletedRequests: number;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  export interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    latency: { p50: number; p90: number; p99: number; max: number; average: number };
    requests: { total: number; average: number };
  }
  export interface Autocannon {
    (options: Options): Promise<RawResult>;
    aggregateResult(results: RawResult[], options: Partial<Options>): Result;
  }
  const autocannon: Autocannon;
  export default autocannon;
}
