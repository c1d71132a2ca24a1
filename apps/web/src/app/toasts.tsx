import { lazy, Suspense, useEffect, useState } from 'react';
import { loadToastify } from '../lib/toast';

const ToastContainer = lazy(() => loadToastify().then((m) => ({ default: m.ToastContainer })));

/**
 * The toast container, mounted once the page has loaded and the browser is idle (react-toastify
 * is not part of the first load; see src/lib/toast.ts). Its live region is then in place before
 * the shopper can act.
 */
export function Toasts() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const whenIdle = () => {
      const start = () => setReady(true);
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(start, { timeout: 2000 });
        cancel = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(start, 200);
        cancel = () => window.clearTimeout(id);
      }
    };
    // After the load event: on a slow network its 10 kB would otherwise share the line with the
    // page's largest picture.
    if (document.readyState === 'complete') whenIdle();
    else {
      window.addEventListener('load', whenIdle, { once: true });
      cancel = () => window.removeEventListener('load', whenIdle);
    }
    return () => cancel();
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={5000} newestOnTop closeOnClick />
    </Suspense>
  );
}
