import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { isMuted, rememberMuted } from './alert-sound';
import { titleWithCount } from './tab-title';
import { useNewOrders } from './use-new-orders';

/** Keeps "(n) " in front of whatever title the screens set, while n orders are unseen. */
function useCountInTitle(count: number) {
  useEffect(() => {
    const apply = () => {
      const wanted = titleWithCount(document.title, count);
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    // Screens set their own titles (lazily loaded ones later): put the count back each time.
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = titleWithCount(document.title, 0);
    };
  }, [count]);
}

/**
 * The console's new-order alert (top bar): orders placed since staff last looked, a link to
 * them, a sound that can be muted (remembered in this browser), and the count in the tab title.
 */
export function NewOrderAlert() {
  const [muted, setMuted] = useState(isMuted);
  const { count, latest, markSeen } = useNewOrders(muted);
  useCountInTitle(count);

  const toggleSound = () => {
    const next = !muted;
    rememberMuted(next);
    setMuted(next);
  };
  const text = `${count} new order${count === 1 ? '' : 's'}`;

  return (
    <div className="d-flex align-items-center gap-2">
      <div role="status" aria-live="polite" className="d-flex align-items-center gap-2">
        {count > 0 && (
          <>
            <Link
              to={count === 1 && latest[0] ? `/admin/orders/${latest[0].id}` : '/admin/orders'}
              className="btn btn-sm btn-success"
              onClick={markSeen}
            >
              {text}
            </Link>
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={markSeen}>
              Mark as seen
            </button>
          </>
        )}
      </div>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        aria-pressed={muted}
        onClick={toggleSound}
      >
        Mute new-order sound
      </button>
    </div>
  );
}
