import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  type AuditEntry,
  type AuditPage as AuditPageData,
} from '@pasal/contract/admin-audit';
import { Link } from 'react-router';
import { type Column, DataTable } from '../data-table';
import { formatNepalTime } from '../format';
import { LoadProblem } from '../load-problem';
import { Pager } from '../pager';
import { useAdminData } from '../use-admin-data';
import { useListParams } from '../use-list-params';

const FILTERS = ['entity', 'action', 'entity_id'] as const;

/** Where the console shows a record of each kind (null: no screen of its own). */
const SCREENS: Record<string, string | null> = {
  order: '/admin/orders',
  customer: '/admin/customers',
  product: '/admin/products',
};

/** The fields a change touched: "price: 100 → 90". */
export function changeLines(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const show = (v: unknown) =>
    v === undefined || v === null || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => {
      if (entry.before === null) return `${key}: ${show(after[key])}`;
      if (entry.after === null) return `${key}: ${show(before[key])} (deleted)`;
      return `${key}: ${show(before[key])} → ${show(after[key])}`;
    });
}

const columns: Column<AuditEntry>[] = [
  { key: 'at', header: 'When', sortKey: 'at', render: (e) => formatNepalTime(e.at) },
  { key: 'staff', header: 'Staff', render: (e) => e.staff.name || e.staff.email || `#${e.staff.id}` },
  {
    key: 'what',
    header: 'Record',
    render: (e) => {
      const screen = SCREENS[e.entity];
      const label = `${e.entity.replaceAll('_', ' ')} #${e.entity_id}`;
      return screen ? <Link to={`${screen}/${e.entity_id}`}>{label}</Link> : label;
    },
  },
  { key: 'action', header: 'Action', render: (e) => e.action.replaceAll('_', ' ') },
  {
    key: 'changes',
    header: 'Changes',
    render: (e) => {
      const lines = changeLines(e);
      return (
        <div className="wrap small" style={{ minWidth: '14rem', whiteSpace: 'normal' }}>
          {lines.length === 0 ? '—' : lines.slice(0, 6).map((line) => <div key={line}>{line}</div>)}
          {lines.length > 6 && <div>…and {lines.length - 6} more</div>}
          {e.note && <div className="fst-italic">Note: {e.note}</div>}
        </div>
      );
    },
  },
];

/** /admin/audit: every change staff made, newest first. */
export function AuditPage() {
  const { params, query, set } = useListParams({ sort: 'at', order: 'desc' }, FILTERS);
  const { data, problem, loading, reload } = useAdminData<AuditPageData>('/audit/', query);
  const f = params.filters;

  return (
    <>
      <h1 className="h3 mb-3">Audit log</h1>
      <div className="admin-filters mb-3">
        <div>
          <label htmlFor="audit-entity" className="form-label small">
            Record kind
          </label>
          <select
            id="audit-entity"
            className="form-select form-select-sm"
            value={f.entity}
            onChange={(e) => set({ entity: e.target.value })}
          >
            <option value="">Any</option>
            {AUDIT_ENTITIES.map((s) => (
              <option key={s} value={s}>
                {s.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-action" className="form-label small">
            Action
          </label>
          <select
            id="audit-action"
            className="form-select form-select-sm"
            value={f.action}
            onChange={(e) => set({ action: e.target.value })}
          >
            <option value="">Any</option>
            {AUDIT_ACTIONS.map((s) => (
              <option key={s} value={s}>
                {s.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-entity-id" className="form-label small">
            Record id
          </label>
          <input
            id="audit-entity-id"
            inputMode="numeric"
            className="form-control form-control-sm"
            value={f.entity_id}
            onChange={(e) => set({ entity_id: e.target.value.replace(/\D/g, '') })}
          />
        </div>
      </div>
      {problem && <LoadProblem problem={problem} onRetry={reload} />}
      <DataTable
        caption="Audit log"
        columns={columns}
        rows={data?.results ?? []}
        rowKey={(e) => e.id}
        sort={params.sort}
        order={params.order}
        onSort={(sort, order) => set({ sort, order })}
        loading={loading}
        empty="No changes recorded."
      />
      {data && (
        <Pager
          page={data.page}
          pageSize={data.page_size}
          count={data.count}
          onPage={(page) => set({ page })}
          label="Audit log pages"
        />
      )}
    </>
  );
}
