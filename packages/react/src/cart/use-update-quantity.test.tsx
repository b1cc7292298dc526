// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InsertedProduct, insertProduct } from '../../../server/test/support/catalog-fixtures.js';
import { harness } from '../../test/support/render.js';
import { gatedFetch, lineOf, quantities, shopClient, startShop, type TestServer } from '../../test/support/shop.js';
import { useAddToCart } from './use-add-to-cart.js';
import { useCart } from './use-cart.js';
import { useCartUpdating } from './use-cart-updating.js';
import { useUpdateQuantity } from './use-update-quantity.js';

let server: TestServer;
let mug: InsertedProduct;

beforeAll(async () => {
  server = await startShop();
  mug = await insertProduct(server.database.db, { name: 'Mug', price: '10.00' });
});
afterAll(() => server?.close());

/**
 * A visitor with 2 mugs (subtotal 20.00) whose quantity requests wait at a gate: the test sees the
 * page between the click and the server's answer, then opens the gate.
 */
async function twoMugs() {
  const gate = gatedFetch('update-line-items-quantity');
  const mounted = harness(shopClient(server, { fetch: gate.fetch }));
  const view = renderHook(() => ({ cart: useCart(), updating: useCartUpdating(), add: useAddToCart(), update: useUpdateQuantity() }), {
    wrapper: mounted.wrapper,
  });
  await act(() => view.result.current.add.mutateAsync({ lineItems: [lineOf(mug.id, 2)] }));
  await waitFor(() => expect(quantities(view.result.current.cart.data)).toEqual([2]));
  const lineItemId = view.result.current.cart.data?.lineItems?.[0]?._id as string;
  const shown = () => ({
    quantities: quantities(view.result.current.cart.data),
    subtotal: view.result.current.cart.data?.subtotal?.amount,
    linePrice: view.result.current.cart.data?.lineItems?.[0]?.price?.amount,
    updating: view.result.current.updating,
  });
  const click = (quantity: number) => act(() => view.result.current.update.mutate({ lineItemId, quantity }));
  return { ...view, gate, shown, click };
}

describe('useUpdateQuantity', () => {
  it('shows the new quantity before the server answers, with the money untouched and the cart marked updating', async () => {
    const { gate, shown, click } = await twoMugs();
    await click(3);
    await waitFor(() => expect(gate.held).toBe(1));
    // The request is held at the gate: whatever shows now, the server has not answered yet.
    await waitFor(() => expect(shown()).toEqual({ quantities: [3], subtotal: '20.00', linePrice: '10.00', updating: true }));
    gate.release();
    await waitFor(() => expect(shown()).toEqual({ quantities: [3], subtotal: '30.00', linePrice: '10.00', updating: false }));
  });

  it('rolls the line back to the server quantity when the server refuses the change', async () => {
    const { result, gate, shown, click } = await twoMugs();
    await click(100_001);
    await waitFor(() => expect(shown().quantities).toEqual([100_001]));
    gate.release();
    await waitFor(() => expect(result.current.update.isError).toBe(true));
    await waitFor(() => expect(shown()).toEqual({ quantities: [2], subtotal: '20.00', linePrice: '10.00', updating: false }));
    expect(result.current.update.error?.message).toMatch(/^INVALID_ARGUMENT/);
  });

  it('hides the line at once for quantity 0, and the server removes it', async () => {
    const { result, gate, shown, click } = await twoMugs();
    await click(0);
    await waitFor(() => expect(shown()).toMatchObject({ quantities: [], subtotal: '20.00', updating: true }));
    gate.release();
    await waitFor(() => expect(shown()).toMatchObject({ quantities: [], subtotal: '0.00', updating: false }));
    expect(result.current.cart.data).not.toBeNull();
  });

  it('merges rapid clicks on a line: one request in flight, the clicks it overtook are never sent, the last one wins', async () => {
    const { gate, shown, click } = await twoMugs();
    await click(3);
    await click(4);
    await click(5);
    await waitFor(() => expect(gate.held).toBe(1));
    await waitFor(() => expect(shown()).toMatchObject({ quantities: [5], subtotal: '20.00', updating: true }));
    expect(gate.held).toBe(1);
    gate.release();
    await waitFor(() => expect(shown()).toEqual({ quantities: [5], subtotal: '50.00', linePrice: '10.00', updating: false }));
    expect(gate.bodies.map((body) => JSON.parse(body).lineItems[0].quantity)).toEqual([3, 5]);
  });
});
