/**
 * `dashboard`: the shop's sales and orders per day in its time zone, per currency, its best sellers,
 * low stock and the orders waiting for the merchant (Vitrine's merchant API; the spec has no such
 * call). Merchant only: an API key or a merchant's console tokens.
 */
import type { Dashboard, DashboardOptions } from '../types/index.js';
import { call } from './call.js';

export const dashboard = {
  /**
   * The figures over the period asked (default: the last 30 days).
   * @throws VitrineError 400 when the period is not one (more than 366 days, `to` before `from`)
   * @example const { days, totals } = await client.dashboard.getDashboard({ days: 7 });
   */
  getDashboard: /* @__PURE__ */ call<(options?: DashboardOptions) => Promise<Dashboard>>({
    route: 'GET /_api/vitrine/v1/dashboard',
    args: ['options{days,from,to,lowStockAtMost}'],
    returns: 'dashboard',
  }),
};
