/**
 * The merchant's order list (#7): `POST /ecom/v1/orders/search` with filters (status, payment,
 * fulfilment, created date range, e-mail contains, number) and sort (created date, number, total),
 * validated field by field; shoppers keep their own orders, newest first, and may not filter.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { memberClient, merchantClient, placedOrder, type ShopperClient, stockedProduct } from '../../../test/support/checkout-fixtures.js';
import { memberTokens, send } from '../../../test/support/http.js';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { merchantCall } from '../../../test/support/merchant-api.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';
import { thrown } from '../../../test/support/thrown.js';

const server = usShippingServerForFile();
/** The shop's orders by name: a (1 unit, unpaid), b (3 units, paid), c (2 units, canceled), d (1 unit, fulfilled, the member's). */
const ids: Record<'a' | 'b' | 'c' | 'd', string> = { a: '', b: '', c: '', d: '' };
const numbers: Record<string, string> = {};
let member: ShopperClient;
let between: string;

beforeAll(async () => {
  const mug = await stockedProduct(server, { price: 10, quantity: 100 });
  member = (await memberClient(server)).client;
  const place = async (
    name: keyof typeof ids,
    quantity: number,
    email: string,
    shop?: ShopperClient,
    recipient?: { firstName: string; lastName: string },
  ) => {
    const order = await placedOrder(server, [{ productId: mug._id, quantity }], { email, shop, recipient });
    ids[name] = order.id;
    numbers[name] = order.number;
  };
  await place('a', 1, 'ada.lovelace@example.com', undefined, { firstName: 'Augusta', lastName: 'King' });
  await place('b', 3, 'grace_hopper@example.org');
  // Orders a and b, then c and d, are apart in time.
  await new Promise((resolve) => setTimeout(resolve, 20));
  between = new Date().toISOString();
  await place('c', 2, 'Ada.Byron@Example.com');
  await place('d', 1, 'member@example.net', member);
  const act = (id: string, action: string) => merchantCall(server, 'POST', `/ecom/v1/orders/${id}/${action}`, {});
  await act(ids.b, 'mark-as-paid');
  await act(ids.c, 'cancel');
  await act(ids.d, 'fulfill');
});

/** The names of the orders a merchant search answers, in order. */
async function search(body: Record<string, unknown>) {
  const answer = await merchantCall(server, 'POST', '/ecom/v1/orders/search', body);
  expect(answer.status).toBe(200);
  const byId = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  return { names: answer.body.orders.map((order: { id: string }) => byId[order.id] ?? order.id), metadata: answer.body.metadata };
}

describe('merchant order search: filters', () => {
  it.each([
    [{}, ['d', 'c', 'b', 'a']],
    [{ status: ['CANCELED'] }, ['c']],
    [{ status: ['APPROVED'] }, ['d', 'b', 'a']],
    [{ paymentStatus: ['PAID'] }, ['b']],
    [{ paymentStatus: ['NOT_PAID', 'PENDING'] }, ['d', 'c', 'a']],
    [{ fulfillmentStatus: ['FULFILLED'] }, ['d']],
    [{ fulfillmentStatus: ['NOT_FULFILLED'], status: ['APPROVED'], paymentStatus: ['NOT_PAID'] }, ['a']],
    [{ email: 'ADA' }, ['c', 'a']],
    [{ email: 'example.com' }, ['c', 'a']],
    [{ email: '_hopper' }, ['b']],
    [{ email: '%' }, []],
  ])('filter %j lists %j', async (filter, names) => {
    expect((await search({ filter })).names).toEqual(names);
  });

  it('narrows to a created date range (from inclusive, to exclusive)', async () => {
    expect((await search({ filter: { createdDate: { from: between } } })).names).toEqual(['d', 'c']);
    expect((await search({ filter: { createdDate: { to: between } } })).names).toEqual(['b', 'a']);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await search({ filter: { createdDate: { from: later } } })).names).toEqual([]);
  });

  it('finds an order by its number', async () => {
    expect((await search({ filter: { number: numbers.b } })).names).toEqual(['b']);
    expect((await search({ filter: { number: '999999999' } })).names).toEqual([]);
  });

  it.each([
    ['augusta king', ['a']],
    ['KING', ['a']],
    ['hopper', ['b']],
    ['example.com', ['c', 'a']],
    ['%', []],
  ])('finds by the search box: %j (the buyer name or e-mail, any case) lists %j (#24)', async (query, names) => {
    expect((await search({ filter: { query } })).names).toEqual(names);
  });

  it('finds by the search box: the order number, bare or with its prefix (#24)', async () => {
    expect((await search({ filter: { query: numbers.b } })).names).toEqual(['b']);
    expect((await search({ filter: { query: ` ${numbers.d} ` } })).names).toEqual(['d']);
  });

  it('counts every match in metadata.total while paging', async () => {
    const page = await search({ filter: { status: ['APPROVED'] }, paging: { limit: 2, offset: 1 } });
    expect(page.names).toEqual(['b', 'a']);
    expect(page.metadata).toEqual({ count: 2, offset: 1, total: 3 });
  });
});

describe('merchant order search: sort', () => {
  it.each([
    [{ fieldName: 'createdDate' }, ['a', 'b', 'c', 'd']],
    [{ fieldName: 'createdDate', order: 'DESC' }, ['d', 'c', 'b', 'a']],
    [{ fieldName: 'number', order: 'ASC' }, ['a', 'b', 'c', 'd']],
    [{ fieldName: 'number', order: 'DESC' }, ['d', 'c', 'b', 'a']],
    // totals: a 15.00, b 35.00, c 25.00, d 15.00 (ties: by number in the same direction)
    [{ fieldName: 'total', order: 'DESC' }, ['b', 'c', 'd', 'a']],
    [{ fieldName: 'total', order: 'ASC' }, ['a', 'd', 'c', 'b']],
  ])('sort %j lists %j', async (sort, names) => {
    expect((await search({ sort })).names).toEqual(names);
  });
});

describe('merchant order search: validation', () => {
  it.each([
    [{ filter: { status: ['SHIPPED'] } }, 'filter.status[0]', 'INVALID_ENUM_VALUE'],
    [{ filter: { paymentStatus: 'PAID' } }, 'filter.paymentStatus', 'VALIDATION'],
    [{ filter: { fulfillmentStatus: [] } }, 'filter.fulfillmentStatus', 'MIN_SIZE'],
    [{ filter: { createdDate: { from: 'yesterday' } } }, 'filter.createdDate.from', 'FORMAT'],
    [{ filter: { createdDate: { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' } } }, 'filter.createdDate.to', 'VALIDATION'],
    [{ filter: { number: '#10001' } }, 'filter.number', 'FORMAT'],
    [{ filter: { email: '' } }, 'filter.email', 'MIN_LENGTH'],
    [{ filter: { query: '  ' } }, 'filter.query', 'MIN_LENGTH'],
    [{ filter: { query: 'x'.repeat(201) } }, 'filter.query', 'MAX_LENGTH'],
    [{ filter: { buyer: 'x' } }, 'filter.buyer', 'FIELD_NOT_ALLOWED'],
    [{ sort: { fieldName: 'email' } }, 'sort.fieldName', 'INVALID_ENUM_VALUE'],
    [{ sort: { fieldName: 'total', order: 'UP' } }, 'sort.order', 'INVALID_ENUM_VALUE'],
  ])('refuses %j with INVALID_ARGUMENT naming %s', async (body, field, rule) => {
    const answer = await merchantCall(server, 'POST', '/ecom/v1/orders/search', body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(new RegExp(`^INVALID_ARGUMENT: "${field.replace(/[[\].]/g, '\\$&')}" `));
    const violations = answer.body.details.validationError.fieldViolations.map((violation: { field: string; violatedRule: string }) => [
      violation.field,
      violation.violatedRule,
    ]);
    expect(violations).toContainEqual([field, rule]);
    expect(new Set(violations.map(([named]: string[]) => named))).toEqual(new Set([field]));
  });
});

describe('shoppers', () => {
  it('a member still lists only its own orders, newest first', async () => {
    const { orders, metadata } = await member.orders.searchOrders();
    expect(orders?.map((order) => order._id)).toEqual([ids.d]);
    expect(metadata?.total).toBe(1);
  });

  it('a member may not filter or sort (403 PERMISSION_DENIED)', async () => {
    const token = (await memberTokens(server.url, server.apiKey, uniqueEmail(), 'correct horse battery staple')).access_token;
    for (const body of [{ filter: { status: ['CANCELED'] } }, { sort: { fieldName: 'total' } }]) {
      const response = await send(`${server.url}/ecom/v1/orders/search`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect([response.status, response.body.details.applicationError.code]).toEqual([403, 'PERMISSION_DENIED']);
    }
    const error = await thrown(member.orders.searchOrders({ filter: { paymentStatus: ['PAID'] } }));
    expect(error.status).toBe(403);
  });
});

describe('through the SDK', () => {
  it('searchOrders takes the filter (dates as Date) and the sort, and resolves to converted orders and the total', async () => {
    const { orders, metadata } = await merchantClient(server).orders.searchOrders({
      filter: { createdDate: { from: new Date(between) }, status: ['APPROVED', 'CANCELED'] },
      sort: { fieldName: 'number', order: 'ASC' },
      paging: { limit: 1 },
    });
    expect(orders?.map((order) => order._id)).toEqual([ids.c]);
    expect(orders?.[0].cancellation?.canceledDate).toBeInstanceOf(Date);
    expect(orders?.[0]._updatedDate).toBeInstanceOf(Date);
    expect(metadata).toEqual({ count: 1, offset: 0, total: 2 });
  });

  it('names the option at fault in the error message', async () => {
    const error = await thrown(merchantClient(server).orders.searchOrders({ filter: { number: 'abc' } }));
    expect(error.message).toBe('INVALID_ARGUMENT: "options.filter.number" must be an order number, e.g. 10001 or SHOP-10001');
  });
});
