import { lazy, Suspense, useId } from 'react';
import { formatRupees } from '../format';
import { downloadCsv, toCsv } from './report-csv';

// Chart.js is most of the dashboard's JavaScript: its own chunk, fetched while the report loads,
// so the figures that need attention now do not wait for it (docs/decisions/061).
const BarChart = lazy(async () => ({ default: (await import('./bar-chart')).BarChart }));

export interface ReportColumn {
  name: string;
  /** How the cells read: money in rupees (2 decimals in the CSV), a count, or text. */
  kind: 'text' | 'count' | 'money';
}

export interface ReportRow {
  key: string;
  cells: (string | number)[];
}

function shown(value: string | number, kind: ReportColumn['kind']): string {
  if (typeof value === 'string') return value;
  return kind === 'money' ? formatRupees(value) : value.toLocaleString('en-IN');
}

// Money as a spreadsheet reads it best: a plain number with its two decimals, no "Rs" nor commas.
const csvCell = (value: string | number, kind: ReportColumn['kind']) =>
  kind === 'money' && typeof value === 'number' ? value.toFixed(2) : value;

export interface ReportChartProps {
  title: string;
  /** The chart in a sentence or two: what a reader should take from it. */
  summary: string;
  labels: string[];
  values: number[];
  format(value: number): string;
  horizontal?: boolean;
  alert?: boolean;
  /** The figures as a table (and as the CSV file's rows). */
  columns: ReportColumn[];
  rows: ReportRow[];
  csvName: string;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string;
}

/** A chart with its summary, its figures as a table, and a CSV export of them. */
export function ReportChart(props: ReportChartProps) {
  const headingId = useId();
  const { title, summary, columns, rows } = props;
  const nothing = props.values.every((value) => value === 0);
  return (
    <section className="col-12 col-xl-6" aria-labelledby={headingId}>
      <div className="card h-100">
        <div className="card-body">
          <h3 id={headingId} className="h6">
            {title}
          </h3>
          <p className="small mb-2">{summary}</p>
          {nothing && props.empty ? (
            <p className="text-body-secondary">{props.empty}</p>
          ) : (
            <Suspense fallback={<div style={{ minHeight: 160 }} />}>
              <BarChart
                labels={props.labels}
                values={props.values}
                description={`${title}: ${summary}`}
                horizontal={props.horizontal}
                alert={props.alert}
                format={props.format}
              />
            </Suspense>
          )}
          <div className="d-flex flex-wrap align-items-start gap-2 mt-2">
            <details className="me-auto">
              <summary>Table of {title.toLowerCase()}</summary>
              <div className="table-responsive">
                <table className="table table-sm mb-0">
                  <caption className="visually-hidden">{title}</caption>
                  <thead>
                    <tr>
                      {columns.map((column) => (
                        <th
                          key={column.name}
                          scope="col"
                          className={column.kind === 'text' ? undefined : 'text-end'}
                        >
                          {column.name}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.key}>
                        {row.cells.map((value, i) =>
                          i === 0 ? (
                            <th key={columns[i].name} scope="row" className="fw-normal">
                              {shown(value, columns[i].kind)}
                            </th>
                          ) : (
                            <td
                              key={columns[i].name}
                              className={columns[i].kind === 'text' ? undefined : 'text-end'}
                            >
                              {shown(value, columns[i].kind)}
                            </td>
                          ),
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              aria-label={`Download CSV of ${title.toLowerCase()}`}
              onClick={() =>
                downloadCsv(
                  props.csvName,
                  toCsv(
                    columns.map((column) => column.name),
                    rows.map((row) => row.cells.map((value, i) => csvCell(value, columns[i].kind))),
                  ),
                )
              }
            >
              Download CSV
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
