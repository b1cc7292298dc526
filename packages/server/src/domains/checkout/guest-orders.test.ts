/**
 * Guest orders follow the e-mail (#20, point 4), against the real server: orders placed as a guest
 * become the member's when the member signs in with that e-mail verified (any case), never while it
 * is unverified; claiming twice, or twice at once, changes nothing more.
 */
import { createClient, OAuthStrategy } from '@vitrine/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placedOrder, stockedProduct, usShipping } from '../../../test/support/checkout-fixtures.js';
import { FormClient } from '../../../test/support/form-client.js';
import { memberTokens, postJson, send } from '../../../test/support/http.js';
import { latestCode, uniqueEmail } from '../../../test/support/mailbox.js';
import { merchantCall } from '../../../test/support/merchant-api.js';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { CONSOLE_CLIENT_ID, registerConsoleClient } from '../../cli/console-client.js';

const PASSWORD = 'correct horse battery';

let server: TestServer;
beforeAll(async () => {
  // Registration answers SUCCESS at once, the e-mail still unverified: the case that must not claim.
  server = await startTestServer({ VERIFY_EMAIL_ON_REGISTER: 'false' });
  await usShipping(server);
});
afterAll(() => server?.close());

async function guestOrder(email: string) {
  const mug = await stockedProduct(server, { quantity: 10 });
  return placedOrder(server, [{ productId: mug._id }], { email });
}

/** The orders the member's own token lists. */
async function memberOrders(accessToken: string): Promise<string[]> {
  const response = await send(`${server.url}/ecom/v1/orders/search`, {
    method: 'POST',
    headers: { authorization: accessToken, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return response.body.orders.map((order: { id: string }) => order.id);
}

/** The merchant signs the member on with its e-mail verified (a sign-in that proves the e-mail). */
async function signOnVerified(email: string) {
  const answer = await merchantCall(server, 'POST', '/_api/iam/authentication/v2/sign-on', { loginId: { email }, verifyEmail: true });
  expect(answer.status).toBe(200);
}

const login = (email: string) => postJson(server.url, '/_api/iam/authentication/v2/login', { loginId: { email }, password: PASSWORD });
const claims = async (orderId: string) =>
  (await merchantCall(server, 'GET', `/ecom/v1/orders/${orderId}/activities`)).body.activities.filter(
    (activity: { kind: string }) => activity.kind === 'CLAIMED',
  );

describe('guest orders follow the e-mail (#20)', () => {
  it('are not given to a member whose e-mail is unverified, even signed in', async () => {
    const email = uniqueEmail('guest');
    const order = await guestOrder(email);
    const member = await memberTokens(server.url, server.apiKey, email, PASSWORD);
    expect((await login(email)).body.state).toBe('SUCCESS');
    expect(await memberOrders(member.access_token)).toEqual([]);
    const read = await merchantCall(server, 'GET', `/ecom/v1/orders/${order.id}`);
    expect(read.body.order.buyerInfo.memberId).toBeUndefined();
  });

  it('become the member’s once it signs in with the e-mail verified, whatever its case, with a CLAIMED entry', async () => {
    const email = uniqueEmail('guest');
    const first = await guestOrder(email.toUpperCase());
    const second = await guestOrder(email);
    const otherGuest = await guestOrder(uniqueEmail('other'));
    const member = await memberTokens(server.url, server.apiKey, email, PASSWORD);
    await signOnVerified(email);
    expect((await memberOrders(member.access_token)).sort()).toEqual([first.id, second.id].sort());
    const read = await merchantCall(server, 'GET', `/ecom/v1/orders/${first.id}`);
    expect(read.body.order.buyerInfo.memberId).toBe(member.memberId);
    expect(await claims(first.id)).toEqual([expect.objectContaining({ who: { identityType: 'MEMBER', memberId: member.memberId } })]);
    const events = await server.database.db
      .selectFrom('events')
      .select(['type', 'payload'])
      .where('entity_id', '=', first.id)
      .orderBy('sequence')
      .execute();
    expect(events.map((event) => event.type)).toEqual(['order.created', 'order.updated']);
    expect(events[1].payload).toMatchObject({ entity: { id: first.id, buyerInfo: { memberId: member.memberId } } });
    const untouched = await merchantCall(server, 'GET', `/ecom/v1/orders/${otherGuest.id}`);
    expect(untouched.body.order.buyerInfo.memberId).toBeUndefined();
  });

  it('are not taken by a merchant signing in to the console, only by the same person signing in as a shopper (#20)', async () => {
    await registerConsoleClient(server.services.clients, server.services.config);
    const email = uniqueEmail('merchant');
    const made = await server.services.merchants.create(email);
    // The password link proves the e-mail: the merchant's identity is verified.
    await server.services.identity.recover({
      recoveryToken: new URL(made.passwordLink as string).searchParams.get('token') as string,
      password: PASSWORD,
    });
    const order = await guestOrder(email);
    const memberOf = async () => (await merchantCall(server, 'GET', `/ecom/v1/orders/${order.id}`)).body.order.buyerInfo.memberId;

    const consoleApp = createClient({ host: server.url, modules: {}, auth: OAuthStrategy({ clientId: CONSOLE_CLIENT_ID }) });
    const data = await consoleApp.auth.generateOAuthData('http://127.0.0.1:4000/console/callback');
    const browser = new FormClient(server.url);
    const loginPage = await browser.get((await consoleApp.auth.getAuthUrl(data, { prompt: 'login' })).authUrl);
    const done = await browser.submit(loginPage.form('/oauth2/authorize/login'), { email, password: PASSWORD });
    expect(new URLSearchParams(done.location?.hash.slice(1)).get('code')).toBeTruthy();
    expect(await memberOf()).toBeUndefined();
    expect(await claims(order.id)).toEqual([]);

    expect((await login(email)).body.state).toBe('SUCCESS');
    expect(await memberOf()).toBe(made.identity.id);
  });

  it('claims again at the next sign-in what was ordered as a guest since, and nothing twice', async () => {
    const email = uniqueEmail('guest');
    const member = await memberTokens(server.url, server.apiKey, email, PASSWORD);
    const first = await guestOrder(email);
    await signOnVerified(email);
    const later = await guestOrder(email);
    expect(await memberOrders(member.access_token)).toEqual([first.id]);
    expect((await login(email)).body.state).toBe('SUCCESS');
    await Promise.all([login(email), login(email), signOnVerified(email)]);
    expect((await memberOrders(member.access_token)).sort()).toEqual([first.id, later.id].sort());
    expect(await claims(first.id)).toHaveLength(1);
    expect(await claims(later.id)).toHaveLength(1);
  });
});

describe('guest orders and e-mail verification at registration (#20)', () => {
  let verifying: TestServer;
  beforeAll(async () => {
    verifying = await startTestServer({ VERIFY_EMAIL_ON_REGISTER: 'true' });
    await usShipping(verifying);
  });
  afterAll(() => verifying?.close());

  it('gives the guest orders to the new member once the mailed code proves the e-mail, not on registering', async () => {
    const email = uniqueEmail('guest');
    const mug = await stockedProduct(verifying, { quantity: 10 });
    const order = await placedOrder(verifying, [{ productId: mug._id }], { email });
    const memberOf = async () => (await merchantCall(verifying, 'GET', `/ecom/v1/orders/${order.id}`)).body.order.buyerInfo.memberId;
    const reg = await postJson(verifying.url, '/_api/iam/authentication/v2/register', { loginId: { email }, password: PASSWORD });
    expect(reg.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    expect(await memberOf()).toBeUndefined();
    const code = await latestCode(verifying.url, email);
    const done = await postJson(verifying.url, '/_api/iam/verification/v1/auth/verify', { code, stateToken: reg.body.stateToken });
    expect(done.body.state).toBe('SUCCESS');
    expect(await memberOf()).toBe(reg.body.identity.id);
  });
});
