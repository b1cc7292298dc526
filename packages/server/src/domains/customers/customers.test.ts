/**
 * The merchant's customers (#24): `GET /_api/vitrine/v1/customers` lists members and guests (by the
 * e-mail of their orders) with order count, total spent per currency and last order, searched by name
 * or e-mail and paged; a member's and a guest's page hold their orders, addresses and memberships.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { memberClient, placedOrder, stockedProduct, US_ADDRESS } from '../../../test/support/checkout-fixtures.js';
import { memberTokens, send } from '../../../test/support/http.js';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { merchantCall, orderAction, violationRules } from '../../../test/support/merchant-api.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';

const PATH = '/_api/vitrine/v1/customers';
const server = usShippingServerForFile();
let member: Awaited<ReturnType<typeof memberClient>>;
/** A guest who ordered twice (once cancelled) under the member's e-mail, in other capitals. */
let sharedGuestEmail: string;
let guestEmail: string;
let sharedGuestFirstOrder: string;
let sharedGuestLastOrder: string;
let memberOrder: string;

beforeAll(async () => {
  const mug = await stockedProduct(server, { price: 10, quantity: 100 });
  member = await memberClient(server);
  sharedGuestEmail = member.email.toUpperCase();
  guestEmail = uniqueEmail('grace');
  memberOrder = (await placedOrder(server, [{ productId: mug._id, quantity: 2 }], { shop: member.client, email: member.email })).id;
  const kept = await placedOrder(server, [{ productId: mug._id, quantity: 1 }], {
    email: sharedGuestEmail,
    recipient: { firstName: 'Ada', lastName: 'Byron' },
  });
  const cancelled = await placedOrder(server, [{ productId: mug._id, quantity: 3 }], { email: sharedGuestEmail });
  await orderAction(server, cancelled.id, 'cancel');
  sharedGuestFirstOrder = kept.id;
  sharedGuestLastOrder = cancelled.id;
  await orderAction(server, kept.id, 'mark-as-paid');
  await placedOrder(server, [{ productId: mug._id, quantity: 1 }], {
    email: guestEmail,
    recipient: { firstName: 'Grace', lastName: 'Hopper' },
  });
  const plan = await server.services.pricing.memberships.createPlan({ name: 'Coffee club', credits: 10 });
  await server.services.pricing.memberships.grant({ planId: plan.id, memberId: member.memberId });
});

async function list(query = '') {
  const answer = await merchantCall(server, 'GET', `${PATH}${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('customer list', () => {
  it('keeps a member and a guest of the same e-mail apart, each with their own orders and spending', async () => {
    const { customers } = await list(`?query=${encodeURIComponent(member.email)}`);
    expect(customers).toEqual([
      {
        id: sharedGuestFirstOrder,
        kind: 'GUEST',
        email: sharedGuestEmail,
        firstName: 'Ada',
        lastName: 'Byron',
        orderCount: 2,
        // 1 × 10.00 + 5.00 shipping; the cancelled order counts as an order but not as spending
        totalSpent: [{ currency: 'USD', amount: '15.00', formattedAmount: '$15.00' }],
        lastOrderDate: expect.any(String),
      },
      {
        id: member.memberId,
        kind: 'MEMBER',
        memberId: member.memberId,
        email: member.email,
        registeredDate: expect.any(String),
        orderCount: 1,
        totalSpent: [{ currency: 'USD', amount: '25.00', formattedAmount: '$25.00' }],
        lastOrderDate: expect.any(String),
      },
    ]);
  });

  it('finds a guest by their name in any case, first name first or last', async () => {
    for (const query of ['grace hop', 'HOPPER GRACE']) {
      const { customers } = await list(`?query=${encodeURIComponent(query)}`);
      expect(customers.map((customer: { email: string }) => customer.email)).toEqual([guestEmail]);
    }
  });

  it('lists a registered member without orders, and the latest active first', async () => {
    const { customers, metadata } = await list();
    expect(customers[0]).toMatchObject({ kind: 'GUEST', email: guestEmail, orderCount: 1 });
    expect(metadata).toEqual({ count: 3, offset: 0, total: 3 });
    const someone = uniqueEmail('newcomer');
    await memberTokens(server.url, server.apiKey, someone, 'correct horse battery');
    const after = await list(`?query=newcomer`);
    expect(after.customers).toEqual([
      {
        id: expect.any(String),
        kind: 'MEMBER',
        memberId: expect.any(String),
        email: someone,
        registeredDate: expect.any(String),
        orderCount: 0,
        totalSpent: [],
      },
    ]);
  });

  it('pages: limit and offset, with the total of all that match', async () => {
    const page = await list('?limit=1&offset=1');
    expect(page.metadata).toMatchObject({ count: 1, offset: 1 });
    expect(page.metadata.total).toBeGreaterThanOrEqual(3);
    expect(page.customers).toHaveLength(1);
  });

  it('matches % and _ as themselves', async () => {
    expect((await list('?query=%25')).customers).toEqual([]);
    expect((await list('?query=_')).customers).toEqual([]);
  });
});

describe("a customer's page", () => {
  it("shows a member's orders, memberships and the addresses they shipped to", async () => {
    const answer = await merchantCall(server, 'GET', `${PATH}/${member.memberId}`);
    expect(answer.status).toBe(200);
    expect(answer.body.customer).toMatchObject({ kind: 'MEMBER', email: member.email, orderCount: 1 });
    expect(answer.body.orders).toHaveLength(1);
    expect(answer.body.orders[0]).toMatchObject({ lineItems: [{ quantity: 2 }], priceSummary: { total: { amount: '25.00' } } });
    expect(answer.body.memberships).toEqual([
      {
        id: expect.any(String),
        planId: expect.any(String),
        planName: 'Coffee club',
        createdDate: expect.any(String),
        creditsRemaining: 10,
      },
    ]);
    expect(answer.body.addresses).toEqual([
      { source: 'ORDER', address: expect.objectContaining({ city: US_ADDRESS.city, country: 'US' }) },
    ]);
  });

  it('lists no "shipped to" address for a pickup order: the buyer collected it', async () => {
    const mug = await stockedProduct(server, { price: 10, quantity: 5 });
    const pickup = await placedOrder(server, [{ productId: mug._id }], { email: uniqueEmail('collector'), shippingOption: 'pickup' });
    const answer = await merchantCall(server, 'GET', `${PATH}/${pickup.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.orders).toHaveLength(1);
    expect(answer.body.addresses).toEqual([]);
  });

  it("shows a guest's orders (by the id of any of them), not the member's of the same e-mail", async () => {
    const answer = await merchantCall(server, 'GET', `${PATH}/${sharedGuestLastOrder}`);
    expect(answer.status).toBe(200);
    expect(answer.body.customer.id).toBe(sharedGuestFirstOrder);
    expect(answer.body.customer).toMatchObject({ kind: 'GUEST', email: sharedGuestEmail, orderCount: 2 });
    expect(answer.body.orders.map((order: { status: string }) => order.status)).toEqual(['CANCELED', 'APPROVED']);
    expect(answer.body.memberships).toEqual([]);
  });

  it.each([
    ['an unknown id', `${PATH}/00000000-0000-4000-8000-000000000000`],
    ["a member's order (its buyer is the member, not a guest)", () => `${PATH}/${memberOrder}`],
  ])('answers 404 CUSTOMER_NOT_FOUND for %s', async (_, path) => {
    const answer = await merchantCall(server, 'GET', typeof path === 'string' ? path : path());
    expect(answer.status).toBe(404);
    expect(answer.body.details.applicationError.code).toBe('CUSTOMER_NOT_FOUND');
  });
});

describe('bad input and callers', () => {
  it.each([
    ['?limit=0', ['limit: MIN']],
    ['?limit=101', ['limit: MAX']],
    ['?offset=-1', ['offset: MIN']],
    ['?limit=many', ['limit: VALIDATION']],
    ['?sort=email', ['sort: FIELD_NOT_ALLOWED']],
  ])('refuses %s with the field named', async (query, rules) => {
    expect(violationRules(await merchantCall(server, 'GET', `${PATH}${query}`))).toEqual(rules);
  });

  it('refuses an id that is not one', async () => {
    expect(violationRules(await merchantCall(server, 'GET', `${PATH}/42`))).toEqual(['id: FORMAT']);
    expect(violationRules(await merchantCall(server, 'GET', `${PATH}/ada%40example.com`))).toEqual(['id: FORMAT']);
  });

  it('is for merchants only: 401 without a token, 403 for a member', async () => {
    expect((await send(`${server.url}${PATH}`)).status).toBe(401);
    const token = await member.client.auth.getTokens();
    const asMember = await send(`${server.url}${PATH}`, { headers: { authorization: `Bearer ${token.accessToken?.value}` } });
    expect(asMember.status).toBe(403);
  });
});
