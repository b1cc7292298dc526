/** The merchant's dashboard (Vitrine's own API; the spec has no such entity). Amounts are decimal strings. */

import type { CurrencyAmount } from './customers.js';

/** An amount of one currency, unformatted (the console formats the figures it draws). */
export type DashboardAmount = Pick<CurrencyAmount, 'currency' | 'amount'>;

/** One day of the period, in the shop's time zone. */
export interface DashboardDay {
  /** YYYY-MM-DD */
  date: string;
  /** orders placed that day, every currency */
  orders: number;
  /** what they came to, one entry per currency that sold that day */
  sales: DashboardAmount[];
}

/** The period's figures in one currency. */
export interface DashboardCurrencyTotals {
  currency: string;
  orders: number;
  sales: string;
  /** sales / orders, rounded to the currency's minor unit */
  averageOrderValue: string;
}

export interface DashboardProductUnits {
  productId: string;
  name: string;
  units: number;
}

export interface DashboardProductRevenue extends DashboardProductUnits {
  currency: string;
  revenue: string;
}

/** A product (`variantId` null: its own stock) or variant low on tracked stock. */
export interface DashboardLowStock {
  productId: string;
  productName: string;
  variantId: string | null;
  /** the choice of each option by its name, as shoppers read it (`{ Color: "Forest green" }`, not its swatch code) */
  choices: Record<string, string>;
  sku: string | null;
  quantity: number;
}

/**
 * The shop's figures over a period of whole days in its time zone. Cancelled and fully refunded
 * orders do not count; a partly refunded order counts at its total as placed.
 */
export interface Dashboard {
  timeZone: string;
  from: string;
  to: string;
  days: DashboardDay[];
  /** per currency, most orders first */
  totals: DashboardCurrencyTotals[];
  topProducts: { byUnits: DashboardProductUnits[]; byRevenue: DashboardProductRevenue[] };
  lowStock: DashboardLowStock[];
  /** open orders waiting for payment, and paid ones waiting to be shipped (any date) */
  waiting: { payment: number; shipment: number };
}

/** Which period: the last `days` days up to today (default 30), or `from`–`to` (YYYY-MM-DD, both included, at most 366 days). */
export interface DashboardOptions {
  days?: number;
  from?: string;
  to?: string;
  /** a tracked product or variant with at most this many units is low (default 5) */
  lowStockAtMost?: number;
}
