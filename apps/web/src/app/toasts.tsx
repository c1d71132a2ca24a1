import { useEffect, useState } from 'react';
import { afterFirstScreen } from '../lib/after-first-screen';
import { loadToastify, onToastRaised } from '../lib/toast';
import { useLoadedModule } from '../lib/use-loaded-module';

const loadContainer = () => loadToastify().then((m) => m.ToastContainer);

/**
 * The toast container, mounted once the first screen is on show and the browser is idle (react-toastify
 * is not part of the first load; see src/lib/toast.ts), or at once when a toast is raised before
 * then: the shopper reads it when it happens, not on their next tap. Its live region is then in
 * place before the shopper can act.
 */
export function Toasts() {
  const [wanted, setWanted] = useState(false);
  // Once the page's largest picture is on show: on a slow network its 10 kB would otherwise share
  // the line with that picture.
  useEffect(() => {
    const stopWaiting = afterFirstScreen(() => setWanted(true));
    const stopListening = onToastRaised(() => setWanted(true));
    return () => {
      stopWaiting();
      stopListening();
    };
  }, []);
  const ToastContainer = useLoadedModule(loadContainer, wanted);
  if (!ToastContainer) return null;
  return <ToastContainer position="top-right" autoClose={5000} newestOnTop closeOnClick />;
}
