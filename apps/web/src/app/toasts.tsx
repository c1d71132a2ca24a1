import { lazy, Suspense, useEffect, useState } from 'react';
import { loadToastify } from '../lib/toast';
import { whenIdle } from '../lib/when-idle';

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
    const start = () => {
      cancel = whenIdle(() => setReady(true));
    };
    // After the load event: on a slow network its 10 kB would otherwise share the line with the
    // page's largest picture.
    if (document.readyState === 'complete') start();
    else {
      window.addEventListener('load', start, { once: true });
      cancel = () => window.removeEventListener('load', start);
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
