/**
 * Merchant sign-in (issue #7): a merchant signs in to the console's client on the hosted login page
 * (PKCE) and gets merchant tokens, which call the merchant API without an API key; nobody else does.
 */
import { createClient, OAuthStrategy, type Tokens } from '@vitrine/sdk';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { FormClient } from '../../../test/support/form-client.js';
import { postJson, send } from '../../../test/support/http.js';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';
import { CONSOLE_CLIENT_ID, registerConsoleClient } from '../../cli/console-client.js';
import { MERCHANT_ACCESS_TTL } from './service.js';

const REDIRECT = 'http://127.0.0.1:4000/console/callback';
const PASSWORD = 'correct horse battery';

const server = testServerForFile();
beforeAll(async () => {
  await registerConsoleClient(server.services.clients, server.services.config);
});

const consoleClient = () => createClient({ host: server.url, modules: {}, auth: OAuthStrategy({ clientId: CONSOLE_CLIENT_ID }) });
const shopClient = () => createClient({ host: server.url, modules: {}, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });

/** A member registered on the storefront (active at once: the test shop verifies no e-mail). */
async function member(): Promise<string> {
  const email = uniqueEmail('shopper');
  const registration = await shopClient().auth.register({ email, password: PASSWORD });
  expect(registration.loginState).toBe('SUCCESS');
  return email;
}

/** A new merchant as `vitrine merchants create` makes one, with the password chosen through the printed link. */
async function merchant(): Promise<string> {
  const email = uniqueEmail('merchant');
  const made = await server.services.merchants.create(email);
  expect(made).toMatchObject({ created: true, identity: { email: { address: email }, status: { name: 'ACTIVE' } } });
  const token = new URL(made.passwordLink as string).searchParams.get('token') as string;
  await server.services.identity.recover({ recoveryToken: token, password: PASSWORD });
  return email;
}

/**
 * Signs in on the hosted login page for the console's client (or a storefront's); answers the
 * redirect's fragment and the SDK's tokens when a code came.
 */
async function signInToConsole(email: string, client = consoleClient(), password = PASSWORD) {
  const data = await client.auth.generateOAuthData(REDIRECT);
  const { authUrl } = await client.auth.getAuthUrl(data, { prompt: 'login' });
  const browser = new FormClient(server.url);
  const page = await browser.get(authUrl);
  expect(page.status).toBe(200);
  const done = await browser.submit(page.form('/oauth2/authorize/login'), { email, password });
  expect(done.status).toBe(303);
  expect(`${done.location?.origin}${done.location?.pathname}`).toBe(REDIRECT);
  const answer = new URLSearchParams(done.location?.hash.slice(1));
  const code = answer.get('code');
  const tokens: Tokens | undefined = code ? await client.auth.getMemberTokens(code, answer.get('state') as string, data) : undefined;
  return { answer, tokens, loginPage: page };
}

const searchOrders = (accessToken: string) => postJson(server.url, '/ecom/v1/orders/search', {}, { authorization: accessToken });

describe('merchant sign-in to the console', () => {
  it('gives a merchant short-lived merchant tokens that call the merchant API without an API key', async () => {
    const { tokens } = await signInToConsole(await merchant());
    const access = tokens?.accessToken.value as string;
    expect(decodeJwt(access)).toMatchObject({ role: 'merchant', client_id: CONSOLE_CLIENT_ID });
    expect((tokens?.accessToken.expiresAt ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(MERCHANT_ACCESS_TTL + 5);
    const orders = await searchOrders(access);
    expect(orders.status).toBe(200);
    expect(orders.body).toHaveProperty('orders');
    // a merchant alone has no current cart (no shopper behind the token)
    const cart = await send(`${server.url}/ecom/v1/carts/current`, { headers: { authorization: access } });
    expect(cart.status).toBe(403);
  });

  it('renews merchant tokens with the refresh token, as merchant tokens', async () => {
    const { tokens } = await signInToConsole(await merchant());
    const renewed = await postJson(server.url, '/oauth2/token', {
      grantType: 'refresh_token',
      clientId: CONSOLE_CLIENT_ID,
      refreshToken: tokens?.refreshToken.value,
    });
    expect(renewed.status).toBe(200);
    expect(decodeJwt(renewed.body.access_token)).toMatchObject({ role: 'merchant' });
    expect((await searchOrders(renewed.body.access_token)).status).toBe(200);
  });

  it('sends a member who is not a merchant back with access_denied and no code', async () => {
    const { answer, tokens } = await signInToConsole(await member());
    expect(answer.get('error')).toBe('access_denied');
    expect(answer.get('code')).toBeNull();
    expect(tokens).toBeUndefined();
  });

  it('offers no sign-up on the console’s login page, and refuses one', async () => {
    const { loginPage } = await signInToConsole(await merchant());
    expect(loginPage.html).not.toContain('Create an account');
    expect(loginPage.html).toContain('Forgot your password?');
    const hidden = loginPage.form('/oauth2/authorize/login').fields.session;
    const register = await new FormClient(server.url).get(`/oauth2/authorize/register?session=${encodeURIComponent(hidden)}`);
    expect(register.status).toBe(403);
    expect(register.html).toContain('No sign-up here');
  });

  it('gives the console’s client no external login of members', async () => {
    const registered = await postJson(server.url, '/_api/iam/authentication/v2/register', {
      loginId: { email: uniqueEmail() },
      password: PASSWORD,
    });
    const external = await postJson(
      server.url,
      '/oauth2/token',
      { grant_type: 'authorized_client', client_id: CONSOLE_CLIENT_ID, member_id: registered.body.identity.id },
      { authorization: server.apiKey },
    );
    expect(external.body).toMatchObject({ error: 'unauthorized_client' });
  });

  it('keeps a merchant’s storefront sign-in a member’s', async () => {
    const email = await merchant();
    const { tokens } = await signInToConsole(email, shopClient());
    expect(decodeJwt(tokens?.accessToken.value as string)).toMatchObject({ role: 'member', client_id: TEST_CLIENT_ID });
  });

  it('ends the console session of a removed merchant, who stays a member', async () => {
    const email = await merchant();
    const { tokens } = await signInToConsole(email);
    const removed = await server.services.merchants.remove(email);
    expect(removed.email.address).toBe(email);
    const renewed = await postJson(server.url, '/oauth2/token', {
      grantType: 'refresh_token',
      clientId: CONSOLE_CLIENT_ID,
      refreshToken: tokens?.refreshToken.value,
    });
    expect(renewed.status).not.toBe(200);
    const again = await signInToConsole(email);
    expect(again.answer.get('error')).toBe('access_denied');
    expect((await shopClient().auth.login({ email, password: PASSWORD })).loginState).toBe('SUCCESS');
  });

  it('promotes an existing member with their password (no link), and lists the merchants', async () => {
    const email = await member();
    const made = await server.services.merchants.create(email.toUpperCase());
    expect(made).toMatchObject({ created: false, passwordLink: null });
    const { tokens } = await signInToConsole(email);
    expect(decodeJwt(tokens?.accessToken.value as string)).toMatchObject({ role: 'merchant' });
    const listed = (await server.services.merchants.list()).map((identity) => identity.email.address);
    expect(listed).toContain(email);
  });

  it('refuses a malformed e-mail and an unknown merchant', async () => {
    await expect(server.services.merchants.create('not an e-mail')).rejects.toMatchObject({ name: 'ValidationFailure' });
    await expect(server.services.merchants.remove(await member())).rejects.toMatchObject({ code: 'IDENTITY_NOT_FOUND' });
  });
});
