/**
 * The merchant's dashboard: the period's figures from the store, shaped for the wire. Every day of
 * the period is answered (a day without orders as zero), amounts per currency as decimal strings.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import { divideRounded, toDecimal, toMinor } from '../../platform/money/money.js';
import { choiceNames } from '../catalog/choice-names.js';
import type { StoredOption } from '../catalog/product-rules.js';
import { daysOf, periodOf } from './period.js';
import type { DashboardDay, DashboardQuery, DashboardView } from './schemas.js';
import { countWaitingOrders, selectLowStock, selectProductSales, selectSalesByDay } from './store.js';

const TOP_PRODUCTS = 5;
const LOW_STOCK_ROWS = 20;

export interface DashboardDeps {
  db: Kysely<Database>;
  /** The shop's IANA time zone now (its settings). */
  timeZone: () => Promise<string>;
  now?: Clock;
}

type SalesRow = Awaited<ReturnType<typeof selectSalesByDay>>[number];
type ProductRow = Awaited<ReturnType<typeof selectProductSales>>[number];

/** Rows by a key, in first-seen order (Node 20 has no `Map.groupBy`). */
function groupBy<Row>(rows: Row[], keyOf: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return groups;
}

/** Sums decimal amounts of one currency exactly, in its minor units. */
const sumMinor = (amounts: string[], currency: string) => amounts.reduce((sum, amount) => sum + toMinor(amount, currency), 0n);

function daysFrom(rows: SalesRow[], dates: string[]): DashboardDay[] {
  const byDate = groupBy(rows, (row) => row.date);
  return dates.map((date) => {
    const sold = (byDate.get(date) ?? []).sort((left, right) => left.currency.localeCompare(right.currency));
    return {
      date,
      orders: sold.reduce((total, row) => total + row.orders, 0),
      sales: sold.map((row) => ({ currency: row.currency, amount: toDecimal(toMinor(row.sales, row.currency), row.currency) })),
    };
  });
}

function totalsFrom(rows: SalesRow[]): DashboardView['totals'] {
  return [...groupBy(rows, (row) => row.currency)]
    .map(([currency, sold]) => {
      const orders = sold.reduce((total, row) => total + row.orders, 0);
      const sales = sumMinor(
        sold.map((row) => row.sales),
        currency,
      );
      return {
        currency,
        orders,
        sales: toDecimal(sales, currency),
        averageOrderValue: toDecimal(divideRounded(sales, BigInt(orders)), currency),
      };
    })
    .sort((left, right) => right.orders - left.orders || left.currency.localeCompare(right.currency));
}

function topProductsFrom(rows: ProductRow[]): DashboardView['topProducts'] {
  const units = [...groupBy(rows, (row) => row.product_id)]
    .map(([productId, sold]) => ({ productId, name: sold[0].name, units: sold.reduce((total, row) => total + row.units, 0) }))
    .sort((left, right) => right.units - left.units || left.name.localeCompare(right.name))
    .slice(0, TOP_PRODUCTS);
  const byCurrency = [...groupBy(rows, (row) => row.currency)].sort(([left], [right]) => left.localeCompare(right));
  const revenue = byCurrency.flatMap(([currency, sold]) =>
    sold
      .map((row) => ({ productId: row.product_id, name: row.name, units: row.units, currency, minor: toMinor(row.revenue, currency) }))
      .sort((left, right) => (left.minor === right.minor ? left.name.localeCompare(right.name) : left.minor > right.minor ? -1 : 1))
      .slice(0, TOP_PRODUCTS)
      .map(({ minor, ...row }) => ({ ...row, revenue: toDecimal(minor, currency) })),
  );
  return { byUnits: units, byRevenue: revenue };
}

export class DashboardService {
  constructor(private readonly deps: DashboardDeps) {}

  /** The dashboard over the asked period (default: the last 30 days in the shop's time zone). */
  async figures(asked: DashboardQuery): Promise<DashboardView> {
    const { db } = this.deps;
    const period = periodOf(asked, await this.deps.timeZone(), this.deps.now?.() ?? new Date());
    const [sales, products, lowStock, waiting] = await Promise.all([
      selectSalesByDay(db, period),
      selectProductSales(db, period),
      selectLowStock(db, asked.lowStockAtMost, LOW_STOCK_ROWS),
      countWaitingOrders(db),
    ]);
    return {
      ...period,
      days: daysFrom(sales, daysOf(period)),
      totals: totalsFrom(sales),
      topProducts: topProductsFrom(products),
      lowStock: lowStock.map((row) => ({
        productId: row.product_id,
        productName: row.product_name,
        variantId: row.variant_id,
        choices: choiceNames(JSON.parse(row.options) as StoredOption[], JSON.parse(row.choices) as Record<string, string>),
        sku: row.sku,
        quantity: row.quantity,
      })),
      waiting,
    };
  }
}
