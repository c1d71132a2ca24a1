import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  type AuditEntry,
  type AuditPage as AuditPageData,
} from '@pasal/contract/admin-audit';
import { Link } from 'react-router';
import type { Column } from '../../../components/console/data-table';
import { formatNepalTime } from '../format';
import { FilterInput, FilterSelect, ListSearch } from '../list-search';
import { ListTable } from '../list-table';
import { useAdminData } from '../use-admin-data';
import { useListParams } from '../use-list-params';

const FILTERS = ['entity', 'action', 'entity_id'] as const;

const spaced = (name: string) => name.replaceAll('_', ' ');

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
      const label = `${spaced(e.entity)} #${e.entity_id}`;
      return screen ? <Link to={`${screen}/${e.entity_id}`}>{label}</Link> : label;
    },
  },
  { key: 'action', header: 'Action', render: (e) => spaced(e.action) },
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
  const { params, query, set, bind } = useListParams({ sort: 'at', order: 'desc' }, FILTERS);
  const list = useAdminData<AuditPageData>('/audit/', query);
  const f = params.filters;

  return (
    <>
      <h1 className="h3 mb-3">Audit log</h1>
      <ListSearch layout="grid">
        <FilterSelect label="Record kind" options={AUDIT_ENTITIES} optionText={spaced} {...bind('entity')} />
        <FilterSelect label="Action" options={AUDIT_ACTIONS} optionText={spaced} {...bind('action')} />
        <FilterInput
          label="Record id"
          inputMode="numeric"
          value={f.entity_id}
          onChange={(id) => set({ entity_id: id.replace(/\D/g, '') })}
        />
      </ListSearch>
      <ListTable
        list={list}
        params={params}
        set={set}
        caption="Audit log"
        columns={columns}
        empty="No changes recorded."
        pages="Audit log pages"
      />
    </>
  );
}
