// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InsertedProduct, insertProduct } from '../../../server/test/support/catalog-fixtures.js';
import { uniqueEmail } from '../../../server/test/support/mailbox.js';
import { harness, settled } from '../../test/support/render.js';
import { exchangeByRedirect, lineOf, quantities, shopClient, startShop, type TestServer } from '../../test/support/shop.js';
import { useCart } from '../cart/use-cart.js';
import { localStorageTokenStorage } from './local-storage-tokens.js';
import { useAuth } from './use-auth.js';

const PASSWORD = 'correct horse battery staple';

let server: TestServer;
let mug: InsertedProduct;

beforeAll(async () => {
  server = await startShop();
  mug = await insertProduct(server.database.db, { name: 'Mug', price: '10.00' });
});
afterAll(() => server?.close());

/** A tab: its own storage instance and client over the shared `localStorage` key, and the hooks. */
function tab(key: string) {
  const tokenStorage = localStorageTokenStorage(key);
  const client = shopClient(server, { tokenStorage });
  const mounted = harness(client, { tokenStorage });
  const view = renderHook(() => ({ auth: useAuth(), cart: useCart() }), { wrapper: mounted.wrapper });
  return { ...view, client, tokenStorage };
}

/** What another tab's storage write looks like to this one (jsdom, like browsers, does not fire it for the writer). */
function storageEventFrom(key: string) {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: localStorage.getItem(key), storageArea: localStorage }));
}

describe('localStorageTokenStorage', () => {
  it('keeps the member logged in across a reload (a new storage and client on the same key)', async () => {
    const key = `tokens-${crypto.randomUUID()}`;
    const first = tab(key);
    await act(async () => {
      await first.result.current.auth.register({ email: uniqueEmail(), password: PASSWORD });
    });
    expect(first.result.current.auth.status).toBe('member');
    expect(JSON.parse(localStorage.getItem(key) as string).refreshToken.role).toBe('member');
    first.unmount();
    const reloaded = tab(key);
    expect(reloaded.result.current.auth.status).toBe('member');
    expect(reloaded.client.auth.getTokens()).toEqual(first.client.auth.getTokens());
  });

  it("follows another tab's login and logout: useAuth rerenders and the cart is refetched", async () => {
    const key = `tokens-${crypto.randomUUID()}`;
    const here = tab(key);
    await settled(() => here.result.current.cart);
    expect(here.result.current.cart.data).toBeNull();

    // The other tab: its own storage instance on the same key, logging in and filling its cart.
    const otherStorage = localStorageTokenStorage(key);
    const other = shopClient(server, { tokenStorage: otherStorage });
    const email = uniqueEmail('other-tab');
    const registered = await other.auth.register({ email, password: PASSWORD });
    expect(registered.loginState).toBe('SUCCESS');
    const sessionToken = registered.loginState === 'SUCCESS' ? registered.data.sessionToken : '';
    otherStorage.setTokens(await exchangeByRedirect(other)(sessionToken));
    await other.currentCart.addToCurrentCart({ lineItems: [lineOf(mug.id, 3)] });

    act(() => storageEventFrom(key));
    await waitFor(() => expect(here.result.current.auth.status).toBe('member'));
    await waitFor(() => expect(quantities(here.result.current.cart.data)).toEqual([3]));

    const { logoutUrl } = await other.auth.logout('http://localhost:3000/');
    expect(logoutUrl).toEqual(expect.any(String));
    act(() => storageEventFrom(key));
    await waitFor(() => expect(here.result.current.auth.status).toBe('visitor'));
    await waitFor(() => expect(here.result.current.cart.isSuccess && here.result.current.cart.data === null).toBe(true));
  });

  it('ignores storage events for other keys', async () => {
    const key = `tokens-${crypto.randomUUID()}`;
    const storage = localStorageTokenStorage(key);
    let heard = 0;
    const stop = storage.subscribe(() => heard++);
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else', newValue: '1' }));
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: null }));
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: null }));
    expect(heard).toBe(1);
  });
});
