import { useCallback, useEffect, useState } from 'react';
import { type AdminProblem, adminProblem } from '../../components/console/admin-problem';
import { type AdminQuery, adminGet } from './admin-api';

export interface AdminData<T> {
  data: T | undefined;
  problem: AdminProblem | null;
  loading: boolean;
  /** Loads again (after a change). */
  reload(): void;
  /** Replaces the data with an answer the caller already has (e.g. a change's answer). */
  setData(data: T): void;
}

/**
 * Reads a console resource and reloads it when the path or query changes; an answer that arrives
 * after a newer request started is ignored. The previous data stays on screen while reloading.
 */
export function useAdminData<T>(path: string | null, query?: AdminQuery): AdminData<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [problem, setProblem] = useState<AdminProblem | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const queryKey = JSON.stringify(query ?? {});

  // biome-ignore lint/correctness/useExhaustiveDependencies: the query's text is its identity
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setLoading(true);
    adminGet<T>(path, JSON.parse(queryKey) as AdminQuery, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setData(answer);
        setProblem(null);
        setLoading(false);
      },
      (error) => {
        if (controller.signal.aborted) return;
        setProblem(adminProblem(error, 'Could not load this. Please try again.'));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [path, queryKey, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, problem, loading, reload, setData };
}
