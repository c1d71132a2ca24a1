import type { SalesReport } from '@pasal/contract/admin-reports';
import { formatRupees } from '../format';
import type { ReportChartProps } from './report-chart';

const count = (n: number) => n.toLocaleString('en-IN');
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

export const PAYMENT_METHOD_NAMES = { cash: 'Cash on delivery', esewa: 'eSewa', khalti: 'Khalti' } as const;
const CANCELLED_BY = {
  customer: 'customers',
  staff: 'staff',
  system: 'the system (unpaid in time)',
} as const;

function salesPerDay(report: SalesReport): ReportChartProps {
  const { totals, sales_by_day: days } = report;
  const best = days.reduce((top, day) => (day.revenue > top.revenue ? day : top), days[0]);
  const summary =
    `${formatRupees(totals.revenue)} from ${plural(totals.orders, 'order')} over ${plural(report.days, 'day')}` +
    (totals.orders > 0
      ? ` (${formatRupees(totals.average_order)} an order). The best day was ${best.date}, with ${formatRupees(best.revenue)} from ${plural(best.orders, 'order')}.`
      : '.');
  return {
    title: 'Sales per day',
    summary,
    labels: days.map((day) => day.date),
    values: days.map((day) => day.revenue),
    format: formatRupees,
    columns: [
      { name: 'Day', kind: 'text' },
      { name: 'Orders', kind: 'count' },
      { name: 'Revenue (Rs)', kind: 'money' },
    ],
    rows: days.map((day) => ({ key: day.date, cells: [day.date, day.orders, day.revenue] })),
    csvName: `sales-per-day-${report.from}-to-${report.to}.csv`,
    empty: 'No sales in this range.',
  };
}

function ordersByStatus(report: SalesReport): ReportChartProps {
  const rows = report.orders_by_status;
  const placed = rows.reduce((sum, row) => sum + row.count, 0);
  const parts = rows.filter((row) => row.count > 0).map((row) => `${count(row.count)} ${row.status}`);
  return {
    title: 'Orders by status',
    summary:
      placed === 0
        ? 'No orders were placed in this range.'
        : `${plural(placed, 'order')} placed, by their status now: ${parts.join(', ')}.`,
    labels: rows.map((row) => row.status),
    values: rows.map((row) => row.count),
    format: count,
    columns: [
      { name: 'Status', kind: 'text' },
      { name: 'Orders', kind: 'count' },
    ],
    rows: rows.map((row) => ({ key: row.status, cells: [row.status, row.count] })),
    csvName: `orders-by-status-${report.from}-to-${report.to}.csv`,
    empty: 'No orders were placed in this range.',
  };
}

function paymentMethods(report: SalesReport): ReportChartProps {
  const rows = report.payment_methods;
  const parts = rows.map(
    (row) =>
      `${PAYMENT_METHOD_NAMES[row.method]}: ${plural(row.orders, 'order')} (${formatRupees(row.revenue)})`,
  );
  return {
    title: 'Payment methods',
    summary: `Revenue by how orders are paid. ${parts.join('; ')}.`,
    labels: rows.map((row) => PAYMENT_METHOD_NAMES[row.method]),
    values: rows.map((row) => row.revenue),
    format: formatRupees,
    columns: [
      { name: 'Payment method', kind: 'text' },
      { name: 'Orders', kind: 'count' },
      { name: 'Revenue (Rs)', kind: 'money' },
    ],
    rows: rows.map((row) => ({
      key: row.method,
      cells: [PAYMENT_METHOD_NAMES[row.method], row.orders, row.revenue],
    })),
    csvName: `payment-methods-${report.from}-to-${report.to}.csv`,
    empty: 'No sales in this range.',
  };
}

function ranking(
  report: SalesReport,
  what: 'products' | 'categories',
  rows: { key: string; title: string; quantity: number; revenue: number }[],
): ReportChartProps {
  const first = rows[0];
  return {
    title: `Top ${what}`,
    summary: first
      ? `${first.title} sold the most: ${formatRupees(first.revenue)} from ${plural(first.quantity, 'unit')}. Revenue at the prices sold, before order discounts.`
      : `No ${what} were sold in this range.`,
    labels: rows.map((row) => row.title),
    values: rows.map((row) => row.revenue),
    format: formatRupees,
    horizontal: true,
    columns: [
      { name: what === 'products' ? 'Product' : 'Category', kind: 'text' },
      { name: 'Units', kind: 'count' },
      { name: 'Revenue (Rs)', kind: 'money' },
    ],
    rows: rows.map((row) => ({ key: row.key, cells: [row.title, row.quantity, row.revenue] })),
    csvName: `top-${what}-${report.from}-to-${report.to}.csv`,
    empty: `No ${what} were sold in this range.`,
  };
}

function cancellations(report: SalesReport): ReportChartProps {
  const { by, reasons } = report.cancellations;
  const cancelled = report.totals.cancelled;
  const placed = report.orders_by_status.reduce((sum, row) => sum + row.count, 0);
  const who = by.map((row) => `${count(row.count)} by ${CANCELLED_BY[row.cancelled_by]}`).join(', ');
  const top = reasons[0];
  return {
    title: 'Cancellations and their reasons',
    summary:
      cancelled === 0
        ? 'No order placed in this range was cancelled.'
        : `${plural(cancelled, 'order')} of ${count(placed)} placed ${cancelled === 1 ? 'was' : 'were'} cancelled (${Math.round((cancelled / placed) * 100)} %): ${who}.` +
          (top ? ` The reason given most: “${top.reason}” (${plural(top.count, 'time')}).` : ''),
    labels: reasons.map((row) => row.reason),
    values: reasons.map((row) => row.count),
    format: count,
    horizontal: true,
    alert: true,
    columns: [
      { name: 'Reason', kind: 'text' },
      { name: 'Orders', kind: 'count' },
    ],
    rows: reasons.map((row) => ({ key: row.reason, cells: [row.reason, row.count] })),
    csvName: `cancellation-reasons-${report.from}-to-${report.to}.csv`,
    empty: 'No order placed in this range was cancelled.',
  };
}

/** The dashboard's charts of a sales report, each with its summary, table and CSV file. */
export function reportCharts(report: SalesReport): ReportChartProps[] {
  return [
    salesPerDay(report),
    ordersByStatus(report),
    paymentMethods(report),
    ranking(
      report,
      'products',
      report.top_products.map((row) => ({ key: String(row.product_id), ...row })),
    ),
    ranking(
      report,
      'categories',
      report.top_categories.map((row) => ({ key: String(row.category_id), ...row })),
    ),
    cancellations(report),
  ];
}
