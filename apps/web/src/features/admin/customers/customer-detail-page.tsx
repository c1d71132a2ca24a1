import type { AdminCustomerResponse } from '@pasal/contract/admin-customers';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { adminProblem } from '../../../components/console/admin-problem';
import { ConfirmDialog } from '../../../components/console/confirm-dialog';
import { LoadProblem } from '../../../components/console/load-problem';
import { PageSpinner } from '../../../components/page-spinner';
import { adminSend } from '../admin-api';
import { formatNepalTime, formatRupees } from '../format';
import { StatusBadge } from '../status-badge';
import { useAdminData } from '../use-admin-data';

/** /admin/customers/:customerId: the account, its newest orders, disabling and re-enabling it. */
export function CustomerDetailPage() {
  const { customerId } = useParams();
  const { data, problem, reload, setData } = useAdminData<AdminCustomerResponse>(`/customers/${customerId}/`);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();

  if (problem && !data) return <LoadProblem problem={problem} onRetry={reload} />;
  if (!data) return <PageSpinner />;
  const { customer } = data;
  const disabled = customer.status === 'disabled';

  const change = async () => {
    setBusy(true);
    try {
      const answer = await adminSend<AdminCustomerResponse>(
        'post',
        `/customers/${customer.id}/${disabled ? 'enable' : 'disable'}/`,
        // A JSON body either way (an empty one with a JSON type is refused by the server).
        !disabled && reason.trim() ? { reason: reason.trim() } : {},
      );
      setData(answer);
      setConfirming(false);
      setReason('');
      toast.success(disabled ? 'Account enabled' : 'Account disabled; their sessions have ended');
    } catch (error) {
      toast.error(adminProblem(error).message);
    } finally {
      setBusy(false);
    }
  };

  const toggleRider = async () => {
    setBusy(true);
    try {
      const answer = await adminSend<AdminCustomerResponse>('post', `/customers/${customer.id}/rider/`, {
        is_rider: !customer.is_rider,
      });
      setData(answer);
      toast.success(answer.customer.is_rider ? 'They are a rider now.' : 'They are no longer a rider.');
    } catch (error) {
      toast.error(adminProblem(error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className="mb-2">
        <Link to="/admin/customers">← Customers</Link>
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{customer.full_name || `Customer #${customer.id}`}</h1>
        <StatusBadge status={customer.status} />
        {customer.is_rider && <span className="badge text-bg-dark">Rider</span>}
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={busy}
          onClick={toggleRider}
        >
          {customer.is_rider ? 'Stop being a rider' : 'Make a rider'}
        </button>
        <button
          type="button"
          className={`btn btn-sm ${disabled ? 'btn-success' : 'btn-outline-danger'}`}
          onClick={() => setConfirming(true)}
        >
          {disabled ? 'Enable account' : 'Disable account'}
        </button>
      </div>
      <dl className="row">
        <dt className="col-sm-3">Phone</dt>
        <dd className="col-sm-9">{customer.phone ?? '—'}</dd>
        <dt className="col-sm-3">E-mail</dt>
        <dd className="col-sm-9">{customer.email ?? '—'}</dd>
        <dt className="col-sm-3">Joined</dt>
        <dd className="col-sm-9">{formatNepalTime(customer.joined_at)}</dd>
        {customer.disabled_at && (
          <>
            <dt className="col-sm-3">Disabled</dt>
            <dd className="col-sm-9">{formatNepalTime(customer.disabled_at)}</dd>
          </>
        )}
        <dt className="col-sm-3">Orders</dt>
        <dd className="col-sm-9">
          {customer.orders_count} ({formatRupees(customer.orders_total)} not cancelled)
        </dd>
        <dt className="col-sm-3">Addresses</dt>
        <dd className="col-sm-9">{customer.addresses_count}</dd>
      </dl>
      <div className="d-flex flex-wrap align-items-baseline gap-2">
        <h2 className="h5 me-auto">Newest orders</h2>
        {customer.orders_count > 0 && (customer.phone || customer.email) && (
          <Link to={`/admin/orders?q=${encodeURIComponent(customer.phone ?? customer.email ?? '')}`}>
            All their orders
          </Link>
        )}
      </div>
      {customer.recent_orders.length === 0 ? (
        <p className="text-body-secondary">No orders yet.</p>
      ) : (
        <ul className="list-group">
          {customer.recent_orders.map((o) => (
            <li key={o.id} className="list-group-item d-flex flex-wrap gap-2 justify-content-between">
              <Link to={`/admin/orders/${o.id}`}>
                #{o.id} {o.tracking_id}
              </Link>
              <span>{formatNepalTime(o.created_at)}</span>
              <span>
                <StatusBadge status={o.order_status} /> <StatusBadge status={o.payment_status} />
              </span>
              <span>{formatRupees(o.total)}</span>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        show={confirming}
        title={disabled ? 'Enable this account?' : 'Disable this account?'}
        confirmLabel={disabled ? 'Enable account' : 'Disable account'}
        variant={disabled ? 'success' : 'danger'}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={change}
      >
        {disabled ? (
          <p className="mb-0">They can log in again. Sessions ended by the disabling stay ended.</p>
        ) : (
          <>
            <p>They are logged out everywhere and cannot log in until the account is enabled again.</p>
            <label htmlFor={reasonId} className="form-label">
              Reason (for the audit log, optional)
            </label>
            <textarea
              id={reasonId}
              className="form-control"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
