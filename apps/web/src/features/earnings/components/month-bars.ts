/**
 * The chart.js part of the monthly chart, loaded only by a dynamic import from monthly-chart.tsx so
 * that chart.js is a chunk of its own, fetched when a host opens /earning and never by a public page.
 * Only the pieces a bar chart needs are registered.
 */
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { formatMoney } from '@parkly/shared/money';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface MonthBars {
  labels: string[];
  /** paise */
  values: number[];
  currency: string;
}

const BRAND_700 = '#0f766e';
const RED_700 = '#b91c1c';
const SLATE_600 = '#475569';
const GRID = '#e2e8f0';

/** Draws net earnings by month on the canvas; the caller destroys the chart. */
export function drawMonthBars(canvas: HTMLCanvasElement, data: MonthBars): Chart {
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: data.labels,
      datasets: [
        {
          label: 'Net earnings',
          // rupees on the axis, so its steps are round amounts
          data: data.values.map((v) => v / 100),
          backgroundColor: data.values.map((v) => (v < 0 ? RED_700 : BRAND_700)),
          borderRadius: 6,
          maxBarThickness: 36,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: {
        tooltip: { callbacks: { label: (item) => `Net ${formatMoney(Math.round(Number(item.raw) * 100), data.currency)}` } },
      },
      scales: {
        x: { grid: { display: false }, ticks: { color: SLATE_600, maxRotation: 0, autoSkip: true } },
        y: {
          beginAtZero: true,
          grid: { color: GRID },
          border: { display: false },
          ticks: { color: SLATE_600, maxTicksLimit: 6, callback: (v) => formatMoney(Math.round(Number(v) * 100), data.currency) },
        },
      },
    },
  });
}
