// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InsertedProduct, insertProduct } from '../../../server/test/support/catalog-fixtures.js';
import { harness } from '../../test/support/render.js';
import { lineOf, shopClient, startShop, type TestServer } from '../../test/support/shop.js';
import { useAddToCart } from '../cart/use-add-to-cart.js';
import { useCheckout } from './use-checkout.js';

let server: TestServer;
let mug: InsertedProduct;

beforeAll(async () => {
  server = await startShop();
  mug = await insertProduct(server.database.db, { name: 'Mug', price: '10.00' });
});
afterAll(() => server?.close());

const RETURN = {
  thankYouPageUrl: 'http://localhost:3000/thanks',
  postFlowUrl: 'http://localhost:3000/',
  cartPageUrl: 'http://localhost:3000/cart',
};

describe('useCheckout', () => {
  it('starts a checkout of the cart and opens the hosted checkout page through navigate', async () => {
    const mounted = harness(shopClient(server));
    const { result } = renderHook(() => ({ add: useAddToCart(), checkout: useCheckout(RETURN) }), { wrapper: mounted.wrapper });
    await act(() => result.current.add.mutateAsync({ lineItems: [lineOf(mug.id, 2)] }));
    const started = await act(() => result.current.checkout.mutateAsync(undefined));
    expect(mounted.opened).toEqual([started.url]);
    expect(started.url.startsWith(server.url)).toBe(true);
    const sessions = await server.database.db.selectFrom('redirect_sessions').select(['kind', 'data']).execute();
    const stored = JSON.stringify(sessions);
    expect(stored).toContain(started.checkoutId);
    expect(stored).toContain(RETURN.thankYouPageUrl);
    expect(stored).toContain(RETURN.postFlowUrl);
    expect(stored).toContain(RETURN.cartPageUrl);
    const page = await fetch(started.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Mug');
  });

  it("fails with the server's error when there is no cart, and opens nothing", async () => {
    const mounted = harness(shopClient(server));
    const { result } = renderHook(() => useCheckout(RETURN), { wrapper: mounted.wrapper });
    act(() => result.current.mutate(undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect((result.current.error as { details?: { applicationError?: { code?: string } } }).details?.applicationError?.code).toBe(
      'OWNED_CART_NOT_FOUND',
    );
    expect(mounted.opened).toEqual([]);
  });
});
