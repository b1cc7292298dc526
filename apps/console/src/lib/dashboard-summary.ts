/** The sentences that sum a dashboard chart up for those who do not see it (and for everyone, above it). */
import type { Dashboard } from '@vitrine/sdk';
import type { DailyPoint } from '../components/daily-chart.js';
import { longDay } from './dashboard-days.js';

/** "From 20 November 2026 to 26 November 2026" (the shop's days). */
const periodText = (dashboard: Pick<Dashboard, 'from' | 'to'>) => `From ${longDay(dashboard.from)} to ${longDay(dashboard.to)}`;

/** The period's total and its best day, each written by `format`. */
export function chartSummary(points: DailyPoint[], format: (value: number) => string, dashboard: Pick<Dashboard, 'from' | 'to'>): string {
  const total = points.reduce((sum, point) => sum + point.value, 0);
  if (total === 0) return `${periodText(dashboard)}: none.`;
  const best = points.reduce((top, point) => (point.value > top.value ? point : top));
  return `${periodText(dashboard)}: ${format(total)} in all; the best day was ${longDay(best.date)} with ${format(best.value)}.`;
}

/** Orders per day. */
export const ordersPerDay = (dashboard: Dashboard): DailyPoint[] => dashboard.days.map((day) => ({ date: day.date, value: day.orders }));

/** Sales per day in one currency (as numbers for the chart: the table and texts format them back). */
export const salesPerDay = (dashboard: Dashboard, currency: string): DailyPoint[] =>
  dashboard.days.map((day) => ({ date: day.date, value: Number(day.sales.find((sale) => sale.currency === currency)?.amount ?? 0) }));
