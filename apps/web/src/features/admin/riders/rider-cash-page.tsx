import type { AdminRiderCash, AdminRiderCashDay } from '@pasal/contract/admin-riders';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { adminProblem } from '../../../components/console/admin-problem';
import { LoadProblem } from '../../../components/console/load-problem';
import { adminSend } from '../admin-api';
import { formatNepalTime, formatRupees } from '../format';
import { useAdminData } from '../use-admin-data';

/** Close one rider's day: the cash handed in, once. */
function CloseDay({ day, onClosed }: { day: AdminRiderCashDay; onClosed: () => void }) {
  const [handedIn, setHandedIn] = useState(String(day.recorded));
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const close = async () => {
    setBusy(true);
    try {
      await adminSend('post', '/rider-cash/close/', {
        rider_id: day.rider.id,
        day: day.day,
        handed_in: Number(handedIn),
        note: note || undefined,
      });
      toast.success(`${day.rider.name}’s day is closed.`);
      onClosed();
    } catch (error) {
      toast.error(adminProblem(error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="d-flex flex-wrap align-items-end gap-2">
      <div>
        <label htmlFor={`${id}-cash`} className="form-label mb-1">
          Cash handed in (Rs)
        </label>
        <input
          id={`${id}-cash`}
          className="form-control"
          type="number"
          min="0"
          step="0.01"
          value={handedIn}
          onChange={(event) => setHandedIn(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="form-label mb-1">
          Note
        </label>
        <input
          id={`${id}-note`}
          className="form-control"
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <button type="button" className="btn btn-success" disabled={busy || handedIn === ''} onClick={close}>
        Close {day.rider.name}’s day
      </button>
    </div>
  );
}

/** /admin/rider-cash: per rider and day, the cash due, recorded and handed in. */
export function RiderCashPage() {
  const [day, setDay] = useState('');
  const cash = useAdminData<AdminRiderCash>('/rider-cash/', { day: day || undefined });
  const dayId = useId();
  return (
    <>
      <h1 className="h3 mb-3">Riders’ cash</h1>
      <div className="mb-3">
        <label htmlFor={dayId} className="form-label">
          Day
        </label>
        <input
          id={dayId}
          type="date"
          className="form-control w-auto"
          value={day || cash.data?.day || ''}
          onChange={(event) => setDay(event.target.value)}
        />
      </div>
      {cash.problem && !cash.data && <LoadProblem problem={cash.problem} onRetry={cash.reload} />}
      {cash.data?.riders.length === 0 && <p>No riders yet.</p>}
      {cash.data?.riders.map((r) => (
        <section key={r.rider.id} className="card mb-3" aria-labelledby={`rider-${r.rider.id}`}>
          <div className="card-body">
            <h2 id={`rider-${r.rider.id}`} className="h5">
              {r.rider.name} <span className="small text-body-secondary">{r.rider.phone}</span>
            </h2>
            <dl className="row mb-2">
              <dt className="col-6 col-md-3">Cash orders delivered</dt>
              <dd className="col-6 col-md-3">{r.orders.length}</dd>
              <dt className="col-6 col-md-3">Should have collected</dt>
              <dd className="col-6 col-md-3">{formatRupees(r.expected)}</dd>
              <dt className="col-6 col-md-3">Recorded by the rider</dt>
              <dd className="col-6 col-md-3">{formatRupees(r.recorded)}</dd>
              <dt className="col-6 col-md-3">Difference</dt>
              <dd className={`col-6 col-md-3 ${r.difference === 0 ? '' : 'fw-bold text-danger-emphasis'}`}>
                {formatRupees(r.difference)}
              </dd>
            </dl>
            {r.closed ? (
              <p className="mb-0">
                Closed {formatNepalTime(r.closed.at)} by {r.closed.by?.name ?? 'staff'}: handed in{' '}
                {formatRupees(r.closed.handed_in)} of {formatRupees(r.closed.expected)} due (difference{' '}
                <strong>{formatRupees(r.closed.difference)}</strong>)
                {r.closed.note ? ` — ${r.closed.note}` : ''}.
              </p>
            ) : (
              <CloseDay day={r} onClosed={cash.reload} />
            )}
          </div>
        </section>
      ))}
    </>
  );
}
