import type { AdminNewOrders, AdminOrderSummary } from '@pasal/contract/admin-orders';
import { useCallback, useEffect, useRef, useState } from 'react';
import { adminGet } from '../admin-api';
import { playNewOrderSound } from './alert-sound';

/** How often the console asks for new orders: light (a max and a count on the primary key). */
export const POLL_MS = 15_000;

export interface NewOrders {
  /** Orders placed since staff last marked them seen. */
  count: number;
  /** The newest of them, newest first. */
  latest: AdminOrderSummary[];
  markSeen(): void;
}

/**
 * Polls GET /orders/new/ from the console: the first answer sets where "new" starts (the newest
 * order now), each later one counts the orders above it and rings when the count grows. The
 * state is the database's, so it is right whichever API instance answers (decision 059).
 */
export function useNewOrders(muted: boolean): NewOrders {
  const [count, setCount] = useState(0);
  const [latest, setLatest] = useState<AdminOrderSummary[]>([]);
  const seenUpTo = useRef<number | null>(null);
  const newestId = useRef(0);
  const lastCount = useRef(0);
  const mutedRef = useRef(muted);
  mutedRef.current = muted;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const poll = async () => {
      try {
        const after = seenUpTo.current;
        const answer = await adminGet<AdminNewOrders>(
          '/orders/new/',
          after === null ? {} : { after },
          controller.signal,
        );
        if (stopped) return;
        newestId.current = answer.latest_id;
        if (seenUpTo.current === null) seenUpTo.current = answer.latest_id;
        else {
          if (answer.count > lastCount.current && !mutedRef.current) playNewOrderSound();
          lastCount.current = answer.count;
          setCount(answer.count);
          setLatest(answer.results);
        }
      } catch {
        // A failed poll (offline, a restart) is simply tried again at the next tick.
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, []);

  const markSeen = useCallback(() => {
    seenUpTo.current = Math.max(seenUpTo.current ?? 0, newestId.current);
    lastCount.current = 0;
    setCount(0);
    setLatest([]);
  }, []);

  return { count, latest, markSeen };
}
