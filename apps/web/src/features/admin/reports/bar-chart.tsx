import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { CHART_COLOURS, useColourMode } from './chart-colours';

// Only the parts the console draws (bars, two axes, tooltips): Chart.js leaves the rest out of the
// bundle (docs/decisions/061).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface BarChartProps {
  labels: string[];
  values: number[];
  /** What the picture says, read by screen readers instead of the picture. */
  description: string;
  /** Bars across (long labels such as product names) rather than up. */
  horizontal?: boolean;
  /** The warning colour (cancellations) instead of the usual one. */
  alert?: boolean;
  /** A value as the tooltip and the value axis show it. */
  format(value: number): string;
}

/** One bar chart on a canvas; its figures are also in the table next to it. */
export function BarChart({ labels, values, description, horizontal, alert, format }: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const mode = useColourMode();

  useEffect(() => {
    // No 2D context (jsdom in the unit tests): the table still carries every figure.
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const colours = CHART_COLOURS[mode];
    const valueAxis = {
      beginAtZero: true,
      ticks: { color: colours.text, callback: (value: string | number) => format(Number(value)) },
      grid: { color: colours.grid },
    };
    const labelAxis = { ticks: { color: colours.text, autoSkip: true }, grid: { display: false } };
    const chart = new Chart(context, {
      type: 'bar',
      data: {
        labels,
        datasets: [
          { data: values, backgroundColor: alert ? colours.alert : colours.bar, maxBarThickness: 32 },
        ],
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        maintainAspectRatio: false,
        animation: false,
        scales: horizontal ? { x: valueAxis, y: labelAxis } : { x: labelAxis, y: valueAxis },
        plugins: {
          tooltip: { callbacks: { label: (item) => format(item.parsed[horizontal ? 'x' : 'y'] ?? 0) } },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, values, horizontal, alert, format, mode]);

  const height = horizontal ? Math.max(160, labels.length * 28 + 48) : 240;
  return (
    <div className="position-relative" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={description} />
    </div>
  );
}
