import { lazy, Suspense, useEffect, useState } from 'react';
import { loadToastify } from '../lib/toast';

const ToastContainer = lazy(() => loadToastify().then((m) => ({ default: m.ToastContainer })));

/**
 * The toast container, mounted once the page has painted and the browser is idle (react-toastify
 * is not part of the first load; see src/lib/toast.ts). Its live region is then in place before
 * the shopper can act.
 */
export function Toasts() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const start = () => setReady(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(start, 200);
    return () => window.clearTimeout(id);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={5000} newestOnTop closeOnClick />
    </Suspense>
  );
}
