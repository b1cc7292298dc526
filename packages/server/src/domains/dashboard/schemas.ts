/**
 * Request and answer schemas of the merchant's dashboard (`GET /_api/vitrine/v1/dashboard`): the
 * shop's sales and orders per day over a period in its time zone, per currency, with its best
 * sellers, low stock and the orders waiting for the merchant.
 */
import { z } from 'zod';
import { MerchantErrorResponses } from '../../platform/http/error-schemas.js';
import { daysBetween, MAX_PERIOD_DAYS } from './period.js';

/** Whether `text` is a calendar day the calendar has (2024-02-29, not 2023-02-29). */
const isCalendarDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) &&
  !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
  new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

const CalendarDay = z.string().refine(isCalendarDay, { message: 'must be a calendar day, e.g. 2026-11-26' });

export const DashboardQuery = z
  .strictObject({
    days: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_PERIOD_DAYS)
      .optional()
      .describe(
        `the last N days up to today in the shop's time zone (1–${MAX_PERIOD_DAYS}, default 30); ignored when from and to are given`,
      ),
    from: CalendarDay.optional().describe("the period's first day in the shop's time zone (YYYY-MM-DD, with to)"),
    to: CalendarDay.optional().describe("the period's last day, included (YYYY-MM-DD, with from)"),
    lowStockAtMost: z.coerce
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .default(5)
      .describe('a tracked product or variant with at most this many units is low on stock (default 5)'),
  })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: [query.from === undefined ? 'from' : 'to'], message: 'from and to are given together' });
      return;
    }
    if (query.from === undefined || query.to === undefined || !isCalendarDay(query.from) || !isCalendarDay(query.to)) return;
    const span = daysBetween(query.from, query.to);
    if (span < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (span > MAX_PERIOD_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `the period is at most ${MAX_PERIOD_DAYS} days` });
  });
export type DashboardQuery = z.infer<typeof DashboardQuery>;

/** An amount of one currency, as a decimal string. */
const Money = z.object({ currency: z.string(), amount: z.string() });

const Day = z.object({
  date: z.string().describe('YYYY-MM-DD in the shop time zone'),
  orders: z.number().int().describe('orders placed that day, every currency'),
  sales: z.array(Money).describe('what those orders came to, one entry per currency that sold that day'),
});

const CurrencyTotals = z.object({
  currency: z.string(),
  orders: z.number().int(),
  sales: z.string(),
  averageOrderValue: z.string().describe("sales / orders, rounded half away from zero to the currency's minor unit"),
});

const ProductFigures = z.object({ productId: z.string(), name: z.string(), units: z.number().int() });
const ProductRevenue = ProductFigures.extend({ currency: z.string(), revenue: z.string() });

const LowStock = z.object({
  productId: z.string(),
  productName: z.string(),
  variantId: z.string().nullable().describe("null: the product's own stock (it has no variants)"),
  choices: z
    .record(z.string(), z.string())
    .describe('the variant\'s choice of each option by its name, as shoppers read it ("Color": "Forest green", not its swatch code)'),
  sku: z.string().nullable(),
  quantity: z.number().int(),
});

export const DashboardView = z.object({
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(Day),
  totals: z.array(CurrencyTotals).describe('the period per currency, most orders first'),
  topProducts: z.object({
    byUnits: z.array(ProductFigures).describe('the five products most units were sold of'),
    byRevenue: z.array(ProductRevenue).describe('per currency (A to Z), the five products that brought most'),
  }),
  lowStock: z.array(LowStock).describe('tracked stock at or below lowStockAtMost, fewest first (at most 20)'),
  waiting: z.object({
    payment: z.number().int().describe('open orders not paid yet (any date)'),
    shipment: z.number().int().describe('open paid orders not fully fulfilled (any date)'),
  }),
});
export type DashboardView = z.infer<typeof DashboardView>;
export type DashboardDay = z.infer<typeof Day>;

export const DashboardResponse = z.object({ dashboard: DashboardView });

export const DashboardErrorResponses = MerchantErrorResponses;
