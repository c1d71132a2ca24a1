import type { SalesReport } from '@pasal/contract/admin-reports';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { LoadProblem } from '../../../components/console/load-problem';
import { useAdminData } from '../use-admin-data';
import { ReportChart } from './report-chart';
import { reportCharts } from './report-charts';

const DAY_MS = 86_400_000;
const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;

/** The Nepal calendar day `daysAgo` days before `now`'s, as YYYY-MM-DD. */
export function nepalDay(now: Date, daysAgo = 0): string {
  return new Date(now.getTime() + NEPAL_OFFSET_MS - daysAgo * DAY_MS).toISOString().slice(0, 10);
}

/** The dashboard's charts for a chosen range of Nepal days (the last 30 at first). */
export function SalesReportSection({ now = new Date() }: { now?: Date }) {
  const [range, setRange] = useState(() => ({ from: nepalDay(now, 29), to: nepalDay(now) }));
  const [draft, setDraft] = useState(range);
  const { data, problem, loading, reload } = useAdminData<SalesReport>('/reports/sales/', range);
  const charts = useMemo(() => (data ? reportCharts(data) : []), [data]);
  // The chart library's chunk loads while the report is asked for, not after.
  useEffect(() => {
    void import('./bar-chart');
  }, []);

  function show(event: FormEvent) {
    event.preventDefault();
    setRange(draft);
  }

  return (
    <section className="mt-4" aria-labelledby="sales-report-heading" aria-busy={loading}>
      <h2 id="sales-report-heading" className="h5">
        Sales report
      </h2>
      <form className="d-flex flex-wrap align-items-end gap-2 mb-3" onSubmit={show}>
        <div>
          <label htmlFor="report-from" className="form-label small mb-1">
            From
          </label>
          <input
            id="report-from"
            type="date"
            className="form-control form-control-sm"
            value={draft.from}
            required
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </div>
        <div>
          <label htmlFor="report-to" className="form-label small mb-1">
            To
          </label>
          <input
            id="report-to"
            type="date"
            className="form-control form-control-sm"
            value={draft.to}
            required
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </div>
        <button type="submit" className="btn btn-sm btn-primary">
          Show
        </button>
        <p className="small text-body-secondary mb-0 w-100">
          Nepal days, both included, at most a year. Orders count on the day they were placed.
        </p>
      </form>
      {problem && <LoadProblem problem={problem} onRetry={reload} />}
      {data && (
        <>
          <p className="visually-hidden" aria-live="polite">
            Showing {data.from} to {data.to}.
          </p>
          <div className="row g-3">
            {charts.map((chart) => (
              <ReportChart key={chart.title} {...chart} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
