/**
 * The merchant's order export (#24): `POST /ecom/v1/orders/export` answers the orders a filter
 * matches as a CSV download, quoted as RFC 4180 says, with cells that a spreadsheet would run as a
 * formula made harmless; merchants only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { memberClient, merchantClient, placedOrder, stockedProduct } from '../../../test/support/checkout-fixtures.js';
import { send } from '../../../test/support/http.js';
import { merchantCall, orderAction, violationRules } from '../../../test/support/merchant-api.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';
import { thrown } from '../../../test/support/thrown.js';
import { parseCsv } from '../../seed/csv.js';

const PATH = '/ecom/v1/orders/export';
const server = usShippingServerForFile();
const numbers: Record<'plain' | 'hostile', string> = { plain: '', hostile: '' };

beforeAll(async () => {
  const mug = await stockedProduct(server, { price: 10, quantity: 100 });
  const plain = await placedOrder(server, [{ productId: mug._id, quantity: 2 }], {
    email: 'ada@example.com',
    recipient: { firstName: 'Ada', lastName: 'Lovelace' },
  });
  const hostile = await placedOrder(server, [{ productId: mug._id, quantity: 1 }], {
    email: 'mallory@example.com',
    recipient: { firstName: '=HYPERLINK("https://evil.test")', lastName: 'Smith, "Jr"' },
  });
  await orderAction(server, plain.id, 'mark-as-paid');
  numbers.plain = plain.number;
  numbers.hostile = hostile.number;
});

/** The CSV's rows as objects keyed by its headings. */
function rowsOf(text: string): Record<string, string>[] {
  const [heading, ...rows] = parseCsv(text).map((csvRecord) => csvRecord.fields);
  return rows.map((fields) => Object.fromEntries((heading ?? []).map((column, i) => [column, fields[i] ?? ''])));
}

describe('order export as CSV', () => {
  it('answers every order, newest first, as a download with one row each', async () => {
    const answer = await merchantCall(server, 'POST', PATH, {});
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = rowsOf(answer.text);
    expect(rows.map((row) => row.Number)).toEqual([numbers.hostile, numbers.plain]);
    expect(rows[1]).toMatchObject({
      Email: 'ada@example.com',
      Buyer: 'Ada Lovelace',
      Recipient: 'Ada Lovelace',
      'Payment status': 'PAID',
      Items: '2',
      Currency: 'USD',
      Subtotal: '20.00',
      Shipping: '5.00',
      Total: '25.00',
      'Shipping address': '1 Main St, Springfield, 62701, US-IL, US',
    });
  });

  it('prefixes a cell a spreadsheet would run as a formula, and quotes commas and quotes', async () => {
    const answer = await merchantCall(server, 'POST', PATH, { filter: { query: 'mallory' } });
    expect(answer.text).toContain(`"'=HYPERLINK(""https://evil.test"") Smith, ""Jr"""`);
    expect(rowsOf(answer.text).map((row) => row.Buyer)).toEqual([`'=HYPERLINK("https://evil.test") Smith, "Jr"`]);
  });

  it('narrows and sorts as the order search does', async () => {
    const paid = rowsOf((await merchantCall(server, 'POST', PATH, { filter: { paymentStatus: ['PAID'] } })).text);
    expect(paid.map((row) => row.Number)).toEqual([numbers.plain]);
    const oldestFirst = rowsOf((await merchantCall(server, 'POST', PATH, { sort: { fieldName: 'number', order: 'ASC' } })).text);
    expect(oldestFirst.map((row) => row.Number)).toEqual([numbers.plain, numbers.hostile]);
    const none = await merchantCall(server, 'POST', PATH, { filter: { query: 'nobody' } });
    expect(parseCsv(none.text)).toHaveLength(1);
  });

  it('refuses a bad filter with the field named', async () => {
    expect(violationRules(await merchantCall(server, 'POST', PATH, { filter: { status: ['SHIPPED'] } }))).toEqual([
      'filter.status[0]: INVALID_ENUM_VALUE',
    ]);
    expect(violationRules(await merchantCall(server, 'POST', PATH, { columns: ['email'] }))).toEqual(['columns: FIELD_NOT_ALLOWED']);
  });

  it('is for merchants only: 401 without a token, 403 for a member', async () => {
    expect((await send(`${server.url}${PATH}`, { method: 'POST' })).status).toBe(401);
    const { client } = await memberClient(server);
    const token = (await client.auth.getTokens()).accessToken?.value;
    const response = await send(`${server.url}${PATH}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect([response.status, response.body.details.applicationError.code]).toEqual([403, 'PERMISSION_DENIED']);
  });
});

describe('through the SDK', () => {
  it('exportOrders resolves to the CSV file', async () => {
    const file = await merchantClient(server).orders.exportOrders({ filter: { query: 'ada@' } });
    expect(file.type).toMatch(/^text\/csv;\s?charset=utf-8$/);
    expect(rowsOf(await file.text()).map((row) => row.Number)).toEqual([numbers.plain]);
  });

  it('names the option at fault in the error message', async () => {
    const error = await thrown(merchantClient(server).orders.exportOrders({ filter: { query: '' } }));
    expect(error.message).toMatch(/^INVALID_ARGUMENT: "options\.filter\.query" /);
  });
});
