import type { AdminAssignResponse, AdminRiderList } from '@pasal/contract/admin-riders';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { adminProblem } from '../../../components/console/admin-problem';
import { adminSend } from '../admin-api';
import { useAdminData } from '../use-admin-data';

interface AssignRiderProps {
  orderIds: number[];
  /** The rider the orders have now (one order), chosen at first. */
  current?: number | null;
  onAssigned(result: AdminAssignResponse): void;
}

/** Choose a rider and assign (or reassign, or take off) one order or several at once. */
export function AssignRider({ orderIds, current = null, onAssigned }: AssignRiderProps) {
  const riders = useAdminData<AdminRiderList>('/riders/');
  const [riderId, setRiderId] = useState(current === null ? '' : String(current));
  const [busy, setBusy] = useState(false);
  const id = useId();
  const count = orderIds.length;

  const assign = async () => {
    setBusy(true);
    try {
      const result = await adminSend<AdminAssignResponse>('post', '/orders/assign/', {
        order_ids: orderIds,
        rider_id: riderId === '' ? null : Number(riderId),
      });
      toast.success(
        riderId === '' ? 'Rider taken off.' : `Assigned ${count === 1 ? 'the order' : `${count} orders`}.`,
      );
      onAssigned(result);
    } catch (error) {
      toast.error(adminProblem(error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="d-flex flex-wrap align-items-end gap-2">
      <div>
        <label htmlFor={id} className="form-label mb-1">
          Rider
        </label>
        <select
          id={id}
          className="form-select"
          value={riderId}
          onChange={(event) => setRiderId(event.target.value)}
        >
          <option value="">No rider</option>
          {riders.data?.riders.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name} ({r.open_orders} to deliver)
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="btn btn-success" disabled={busy || count === 0} onClick={assign}>
        {count > 1 ? `Assign ${count} orders` : 'Assign rider'}
      </button>
    </div>
  );
}
