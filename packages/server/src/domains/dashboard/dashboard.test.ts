/**
 * The merchant's dashboard (#24) against the real server and database: its figures per day in the
 * shop's time zone and per currency, checked against the same figures counted here from the seeded
 * orders; cancelled and fully refunded orders do not count; a bad period is a 400.
 */
import { ApiKeyStrategy, createClient, VitrineError } from '@vitrine/sdk';
import { dashboard as dashboardModule } from '@vitrine/sdk/admin';
import { beforeAll, describe, expect, it } from 'vitest';
import { swatchProduct } from '../../../test/support/checkout-fixtures.js';
import { insertOrder, type SeededOrder } from '../../../test/support/dashboard-orders.js';
import { merchantCall, violationRules } from '../../../test/support/merchant-api.js';
import { trackedProduct } from '../../../test/support/order-rows.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';

/** Noon UTC on 26 November 2026: already the 27th in Auckland (UTC+13). */
const NOW = new Date('2026-11-26T12:00:00Z');
const ZONE = 'Pacific/Auckland';

/** The local day of an instant in the shop's zone, counted here by Intl rather than by SQL. */
const localDay = (at: string) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(at));
const counts = (order: SeededOrder) => order.status !== 'CANCELED' && order.payment !== 'FULLY_REFUNDED';
const totalOf = (order: SeededOrder) => order.lines.reduce((sum, line) => sum + Number(line.price) * line.quantity, 0) + 5;

const server = testServerForFile({}, { now: () => NOW });
let mug: string;
let lamp: string;
let seeded: SeededOrder[];

const dashboard = async (query: string) => merchantCall(server, 'GET', `/_api/vitrine/v1/dashboard${query}`);

beforeAll(async () => {
  expect((await merchantCall(server, 'PATCH', '/_api/vitrine/v1/shop-settings', { timeZone: ZONE })).status).toBe(200);
  const db = server.database.db;
  mug = await trackedProduct(db, 'Dash mug', 2);
  lamp = await trackedProduct(db, 'Dash lamp', 40);
  const mugLine = (quantity: number, price = '10.00') => ({ productId: mug, name: 'Dash mug', quantity, price });
  const lampLine = (quantity: number, price = '30.00') => ({ productId: lamp, name: 'Dash lamp', quantity, price });
  seeded = [
    // 20 November 10:30 UTC is 23:30 in Auckland, the 20th; 11:30 UTC is the 21st there.
    { at: '2026-11-20T10:30:00Z', currency: 'USD', lines: [mugLine(3)] },
    { at: '2026-11-20T11:30:00Z', currency: 'USD', lines: [lampLine(1), mugLine(1)], payment: 'NOT_PAID' },
    { at: '2026-11-21T01:00:00Z', currency: 'EUR', lines: [lampLine(2, '25.00')], fulfillment: 'PARTIALLY_FULFILLED' },
    { at: '2026-11-22T03:00:00Z', currency: 'USD', lines: [mugLine(5)], status: 'CANCELED', payment: 'NOT_PAID' },
    { at: '2026-11-23T03:00:00Z', currency: 'USD', lines: [lampLine(4)], payment: 'FULLY_REFUNDED' },
    { at: '2026-11-24T03:00:00Z', currency: 'USD', lines: [lampLine(1)], payment: 'PARTIALLY_REFUNDED', fulfillment: 'FULFILLED' },
    { at: '2026-11-25T03:00:00Z', currency: 'EUR', lines: [mugLine(1, '8.00')], payment: 'PENDING' },
    // Before the period asked below, and after it.
    { at: '2026-11-10T03:00:00Z', currency: 'USD', lines: [mugLine(9)] },
    { at: '2026-11-26T12:00:00Z', currency: 'USD', lines: [mugLine(1)] },
  ];
  for (const order of seeded) await insertOrder(db, order);
});

describe('GET /_api/vitrine/v1/dashboard (#24)', () => {
  it('counts orders and sales per day in the shop time zone, per currency, as counted from the orders', async () => {
    const answer = await dashboard('?from=2026-11-20&to=2026-11-26');
    expect(answer.status).toBe(200);
    const { days, totals, timeZone } = answer.body.dashboard;
    expect(timeZone).toBe(ZONE);
    const inPeriod = seeded.filter((order) => counts(order) && localDay(order.at) >= '2026-11-20' && localDay(order.at) <= '2026-11-26');
    const expected = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'].map((date) => {
      const sold = inPeriod.filter((order) => localDay(order.at) === date);
      const currencies = [...new Set(sold.map((order) => order.currency))].sort();
      return {
        date,
        orders: sold.length,
        sales: currencies.map((currency) => ({
          currency,
          amount: sold
            .filter((order) => order.currency === currency)
            .reduce((sum, order) => sum + totalOf(order), 0)
            .toFixed(2),
        })),
      };
    });
    expect(days).toEqual(expected);
    expect(totals).toEqual([
      { currency: 'USD', orders: 3, sales: '115.00', averageOrderValue: '38.33' },
      { currency: 'EUR', orders: 2, sales: '68.00', averageOrderValue: '34.00' },
    ]);
  });

  it('leaves cancelled and fully refunded orders out, and counts a partly refunded one in full', async () => {
    const { days } = (await dashboard('?from=2026-11-22&to=2026-11-24')).body.dashboard;
    expect(days.map((day: { orders: number }) => day.orders)).toEqual([0, 0, 1]);
    expect(days[2].sales).toEqual([{ currency: 'USD', amount: '35.00' }]);
  });

  it('names the best sellers by units and, per currency, by revenue', async () => {
    const { topProducts } = (await dashboard('?from=2026-11-20&to=2026-11-26')).body.dashboard;
    expect(topProducts.byUnits).toEqual([
      { productId: mug, name: 'Dash mug', units: 5 },
      { productId: lamp, name: 'Dash lamp', units: 4 },
    ]);
    expect(topProducts.byRevenue).toEqual([
      { productId: lamp, name: 'Dash lamp', currency: 'EUR', units: 2, revenue: '50.00' },
      { productId: mug, name: 'Dash mug', currency: 'EUR', units: 1, revenue: '8.00' },
      { productId: lamp, name: 'Dash lamp', currency: 'USD', units: 2, revenue: '60.00' },
      { productId: mug, name: 'Dash mug', currency: 'USD', units: 4, revenue: '40.00' },
    ]);
  });

  it('answers the last N days up to today in the shop time zone', async () => {
    const { from, to, days } = (await dashboard('?days=7')).body.dashboard;
    expect([from, to, days.length]).toEqual(['2026-11-21', '2026-11-27', 7]);
    expect(days.at(-1)).toEqual({ date: '2026-11-27', orders: 1, sales: [{ currency: 'USD', amount: '15.00' }] });
  });

  it('lists tracked stock at or below the threshold, fewest first', async () => {
    const low = (await dashboard('?lowStockAtMost=5')).body.dashboard.lowStock;
    expect(low).toEqual([{ productId: mug, productName: 'Dash mug', variantId: null, choices: {}, sku: null, quantity: 2 }]);
    const more = (await dashboard('?lowStockAtMost=40')).body.dashboard.lowStock;
    expect(more.map((row: { productName: string }) => row.productName)).toEqual(['Dash mug', 'Dash lamp']);
  });

  it('names a variant low on stock by its choices’ names, a colour by its name rather than its swatch code', async () => {
    const scarf = await swatchProduct(server, 'Dash scarf');
    const db = server.database.db;
    await db.updateTable('products').set({ track_inventory: true, manage_variants: true }).where('id', '=', scarf._id).execute();
    await db.updateTable('product_variants').set({ quantity: 0 }).where('product_id', '=', scarf._id).execute();
    const low = (await dashboard('?lowStockAtMost=1')).body.dashboard.lowStock;
    const scarves = low.filter((row: { productId: string }) => row.productId === scarf._id);
    const names = scarves.map((row: { choices: Record<string, string> }) => row.choices.Color).sort();
    expect(names).toEqual(['Forest green', 'Sand']);
  });

  it("counts the orders waiting for payment and for shipment as the console's order list filters them", async () => {
    const expected = {
      payment: seeded.filter((order) => order.status !== 'CANCELED' && ['NOT_PAID', 'PENDING'].includes(order.payment ?? 'PAID')).length,
      shipment: seeded.filter(
        (order) =>
          order.status !== 'CANCELED' &&
          ['PAID', 'PARTIALLY_REFUNDED'].includes(order.payment ?? 'PAID') &&
          (order.fulfillment ?? 'NOT_FULFILLED') !== 'FULFILLED',
      ).length,
    };
    expect((await dashboard('')).body.dashboard.waiting).toEqual(expected);
    expect(expected).toEqual({ payment: 2, shipment: 4 });
  });

  it.each([
    ['?from=2025-01-01&to=2026-01-02', 'to: VALIDATION'],
    ['?from=2026-11-20&to=2026-11-19', 'to: VALIDATION'],
    ['?from=2026-11-20', 'to: VALIDATION'],
    ['?from=2026-02-30&to=2026-03-01', 'from: VALIDATION'],
    ['?days=367', 'days: MAX'],
    ['?days=0', 'days: MIN'],
    ['?days=week', 'days: VALIDATION'],
    ['?lowStockAtMost=-1', 'lowStockAtMost: MIN'],
    ['?colour=red', 'colour: FIELD_NOT_ALLOWED'],
  ])('refuses %s with a 400 naming the field', async (query, rule) => {
    expect(violationRules(await dashboard(query))).toEqual([rule]);
  });

  it("answers the SDK's dashboard.getDashboard the same figures, and its 400 as a VitrineError", async () => {
    const client = createClient({
      host: server.url,
      modules: { dashboard: dashboardModule },
      auth: ApiKeyStrategy({ apiKey: server.apiKey }),
    });
    const figures = await client.dashboard.getDashboard({ from: '2026-11-20', to: '2026-11-26' });
    expect(figures).toEqual((await dashboard('?from=2026-11-20&to=2026-11-26')).body.dashboard);
    const refused = await client.dashboard.getDashboard({ from: '2025-01-01', to: '2026-11-26' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VitrineError);
    expect((refused as VitrineError).status).toBe(400);
  });

  it('answers only merchants', async () => {
    const anonymous = await fetch(`${server.url}/_api/vitrine/v1/dashboard`);
    expect(anonymous.status).toBe(401);
  });
});
