/** The shop's dashboard through the SDK's `dashboard` module, and the period it covers, kept in the URL. */
import { useQuery } from '@tanstack/react-query';
import { useVitrine } from '@vitrine/react';
import type { DashboardOptions } from '@vitrine/sdk';
import { merchantApi } from './console-client.js';

const dashboardKeys = {
  all: ['console', 'dashboard'] as const,
  period: (options: DashboardOptions) => [...dashboardKeys.all, options] as const,
};

export function useDashboard(options: DashboardOptions) {
  const { client } = useVitrine();
  return useQuery({
    queryKey: dashboardKeys.period(options),
    queryFn: () => merchantApi(client).dashboard.getDashboard(options),
    placeholderData: (previous) => previous,
  });
}

/** The periods offered, by the URL's `period` value; `custom` reads `from` and `to`. */
export const PERIODS: Record<string, { label: string; days?: number }> = {
  '7': { label: 'Last 7 days', days: 7 },
  '30': { label: 'Last 30 days', days: 30 },
  '90': { label: 'Last 90 days', days: 90 },
  custom: { label: 'Custom range' },
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period the URL names (the last 30 days unless it names another); a custom range without both days asks for the default. */
export function periodOf(params: URLSearchParams): { period: string; options: DashboardOptions } {
  const period = PERIODS[params.get('period') ?? ''] ? (params.get('period') as string) : '30';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (period === 'custom') return { period, options: DAY.test(from) && DAY.test(to) ? { from, to } : { days: 30 } };
  return { period, options: { days: PERIODS[period].days } };
}
