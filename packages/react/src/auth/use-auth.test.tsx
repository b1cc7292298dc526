// @vitest-environment jsdom

import { act, renderHook, waitFor } from '@testing-library/react';
import { createClient, OAuthStrategy } from '@vitrine/sdk';
import { authentication, verification } from '@vitrine/sdk/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InsertedProduct, insertProduct } from '../../../server/test/support/catalog-fixtures.js';
import { FormClient } from '../../../server/test/support/form-client.js';
import { latestCode, uniqueEmail } from '../../../server/test/support/mailbox.js';
import { harness, settled } from '../../test/support/render.js';
import { lineOf, quantities, shopClient, startShop, TEST_CLIENT_ID, type TestServer } from '../../test/support/shop.js';
import { useAddToCart } from '../cart/use-add-to-cart.js';
import { useCart } from '../cart/use-cart.js';
import type { AuthFlowState } from './flow-state.js';
import { useAuth } from './use-auth.js';
import { useRedirectLoginCallback } from './use-redirect-login-callback.js';

const PASSWORD = 'correct horse battery staple';

let server: TestServer;
let mug: InsertedProduct;

beforeAll(async () => {
  server = await startShop({ VERIFY_EMAIL_ON_REGISTER: 'true' });
  mug = await insertProduct(server.database.db, { name: 'Mug', price: '10.00' });
});
afterAll(() => server?.close());

/** A registered member whose e-mail is verified (set up with the SDK alone, not the hooks under test). */
async function activeMember(): Promise<string> {
  const email = uniqueEmail();
  const sdk = createClient({
    host: server.url,
    modules: { authentication, verification },
    auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }),
  });
  const result = await sdk.authentication.registerV2({ email }, { password: PASSWORD });
  await sdk.verification.verifyDuringAuthentication(await latestCode(server.url, email), { stateToken: result.stateToken as string });
  return email;
}

/** A visitor's page: auth and cart hooks under one provider. */
function page() {
  const client = shopClient(server);
  const mounted = harness(client);
  const view = renderHook(() => ({ auth: useAuth(), cart: useCart(), add: useAddToCart() }), { wrapper: mounted.wrapper });
  return { ...view, mounted, client };
}

/** Runs one step of the flow inside act and answers the state it resolved to. */
async function step(run: () => Promise<AuthFlowState>): Promise<AuthFlowState> {
  let state: AuthFlowState = { state: 'INITIAL' };
  await act(async () => {
    state = await run();
  });
  return state;
}

describe('direct login', () => {
  it("flips useAuth to member on SUCCESS, and the visitor's cart survives (merged into the member's)", async () => {
    const email = await activeMember();
    const { result, client } = page();
    await settled(() => result.current.cart);
    expect(result.current.auth).toMatchObject({ status: 'visitor', isMember: false, flow: { state: 'INITIAL' } });
    await act(() => result.current.add.mutateAsync({ lineItems: [lineOf(mug.id, 2)] }));
    await waitFor(() => expect(quantities(result.current.cart.data)).toEqual([2]));
    const visitorCart = result.current.cart.data?._id;

    expect(await step(() => result.current.auth.login({ email, password: PASSWORD }))).toEqual({ state: 'SUCCESS' });
    expect(result.current.auth).toMatchObject({ status: 'member', isMember: true, flow: { state: 'SUCCESS' } });
    expect(client.auth.getTokens().refreshToken.role).toBe('member');
    await waitFor(() => expect(result.current.cart.data?.buyerInfo?.memberId).toEqual(expect.any(String)));
    expect(quantities(result.current.cart.data)).toEqual([2]);
    expect(result.current.cart.data?.lineItems?.[0]?.catalogReference?.catalogItemId).toBe(mug.id);
    expect(visitorCart).toEqual(expect.any(String));
  });

  it('fails with the spec error code on a wrong password, and the shopper stays a visitor', async () => {
    const email = await activeMember();
    const { result } = page();
    const state = await step(() => result.current.auth.login({ email, password: 'not the password' }));
    expect(state).toMatchObject({ state: 'FAILURE', errorCode: 'invalidPassword' });
    expect(result.current.auth.status).toBe('visitor');
  });
});

describe('registration with an e-mail code', () => {
  it('asks for the mailed code, refuses a wrong one, and logs the member in with the right one', async () => {
    const email = uniqueEmail('new');
    const { result } = page();
    expect(await step(() => result.current.auth.register({ email, password: PASSWORD }))).toEqual({ state: 'EMAIL_VERIFICATION_REQUIRED' });
    const code = await latestCode(server.url, email);
    const wrong = await step(() => result.current.auth.verifyEmail(code === '111111' ? '222222' : '111111'));
    expect(wrong).toMatchObject({ state: 'EMAIL_VERIFICATION_REQUIRED', error: expect.stringMatching(/\S/) });
    expect(result.current.auth.status).toBe('visitor');
    expect(await step(() => result.current.auth.verifyEmail(code))).toEqual({ state: 'SUCCESS' });
    expect(result.current.auth.status).toBe('member');
  });

  it('refuses a code step when no verification is pending', async () => {
    const { result } = page();
    expect(await step(() => result.current.auth.verifyEmail('123456'))).toEqual({ state: 'FAILURE', error: 'Unknown _state' });
  });
});

describe('logout', () => {
  it('goes back to a visitor with no cart, and opens the hosted logout returning to the page', async () => {
    const email = await activeMember();
    const { result, mounted } = page();
    await step(() => result.current.auth.login({ email, password: PASSWORD }));
    await act(() => result.current.add.mutateAsync({ lineItems: [lineOf(mug.id, 1)] }));
    await waitFor(() => expect(quantities(result.current.cart.data)).toEqual([1]));
    await act(() => result.current.auth.logout({ returnTo: 'http://localhost:3000/bye' }));
    expect(result.current.auth.status).toBe('visitor');
    expect(mounted.opened).toHaveLength(1);
    expect(mounted.opened[0]?.startsWith(server.url)).toBe(true);
    // The member's cart is dropped at once and the new visitor has none.
    await waitFor(() => expect(result.current.cart.isSuccess && result.current.cart.data === null).toBe(true));
  });
});

describe('redirect login (PKCE)', () => {
  /**
   * A page that opened the hosted login from /account, and a member who signed in there: answers the
   * page and the callback address the hosted page sends the browser back to.
   */
  async function backFromHostedLogin() {
    const email = await activeMember();
    const view = page();
    await act(() =>
      view.result.current.auth.loginWithRedirect({
        redirectUri: 'http://localhost:3000/callback',
        originalUri: 'http://localhost:3000/account',
      }),
    );
    const browser = new FormClient(server.url);
    const login = await browser.get(view.mounted.opened[0] as string);
    const back = (await browser.submit(login.form('/login'), { email, password: PASSWORD })).location as URL;
    return { ...view, back };
  }

  it('opens the hosted login, and the callback page stores the member tokens and says where to go back', async () => {
    const { result, back } = await backFromHostedLogin();
    expect(sessionStorage.getItem('vitrine.oauth')).toContain('codeVerifier');
    expect(back.pathname).toBe('/callback');
    let answer: { originalUri: string } | undefined;
    await act(async () => {
      answer = await result.current.auth.completeRedirectLogin(back.href);
    });
    expect(answer).toEqual({ originalUri: 'http://localhost:3000/account' });
    expect(result.current.auth.status).toBe('member');
    expect(sessionStorage.getItem('vitrine.oauth')).toBeNull();
    await expect(result.current.auth.completeRedirectLogin(back.href)).rejects.toThrow('No login in progress');
  });

  it('completes the login once on the callback page (useRedirectLoginCallback) and hands over where the shopper started', async () => {
    const { mounted, back } = await backFromHostedLogin();
    // The callback page's own address, as the hosted page sent the browser to it.
    window.history.replaceState(null, '', `${back.pathname}${back.search}${back.hash}`);
    const startedFrom: string[] = [];
    const callback = renderHook(
      () => ({ failed: useRedirectLoginCallback((originalUri) => startedFrom.push(originalUri)), auth: useAuth() }),
      { wrapper: mounted.wrapper },
    );
    await waitFor(() => expect(startedFrom).toEqual(['http://localhost:3000/account']), { timeout: 10_000 });
    callback.rerender();
    expect(startedFrom).toHaveLength(1);
    expect(callback.result.current.failed).toBeUndefined();
    expect(callback.result.current.auth.status).toBe('member');
  });

  it('answers the failure when the callback page has no login to complete', async () => {
    const { mounted } = page();
    const startedFrom: string[] = [];
    const callback = renderHook(() => useRedirectLoginCallback((originalUri) => startedFrom.push(originalUri)), {
      wrapper: mounted.wrapper,
    });
    await waitFor(() => expect(callback.result.current).toBeDefined());
    expect(callback.result.current).toEqual({ failure: expect.objectContaining({ message: 'No login in progress' }) });
    expect(startedFrom).toEqual([]);
  });
});
