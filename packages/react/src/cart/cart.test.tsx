// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InsertedProduct, insertProduct } from '../../../server/test/support/catalog-fixtures.js';
import { US_ADDRESS, usShipping } from '../../../server/test/support/checkout-fixtures.js';
import { harness, settled } from '../../test/support/render.js';
import { lineOf, quantities, shopClient, startShop, type TestServer } from '../../test/support/shop.js';
import { useAddToCart } from './use-add-to-cart.js';
import { useCart } from './use-cart.js';
import { useCartUpdating } from './use-cart-updating.js';
import { useCoupon } from './use-coupon.js';
import { useEstimateTotals } from './use-estimate-totals.js';
import { useRemoveLineItem } from './use-remove-line-item.js';

let server: TestServer;
let mug: InsertedProduct;
let tee: InsertedProduct;

beforeAll(async () => {
  server = await startShop();
  const db = server.database.db;
  mug = await insertProduct(db, { name: 'Mug', price: '10.00' });
  tee = await insertProduct(db, { name: 'Tee', price: '25.00' });
  await db.insertInto('coupons').values({ code: 'SAVE10', name: 'Save 10 %', kind: 'PERCENT', value: '10' }).execute();
  await usShipping(server);
});
afterAll(() => server?.close());

/** The cart hooks of one new visitor. */
function visitor() {
  const mounted = harness(shopClient(server));
  const view = renderHook(
    () => ({ cart: useCart(), updating: useCartUpdating(), add: useAddToCart(), remove: useRemoveLineItem(), coupon: useCoupon() }),
    {
      wrapper: mounted.wrapper,
    },
  );
  return { ...view, mounted };
}

/** A visitor whose cart holds 2 mugs. */
async function withMugs() {
  const visitorHooks = visitor();
  await settled(() => visitorHooks.result.current.cart);
  await act(() => visitorHooks.result.current.add.mutateAsync({ lineItems: [lineOf(mug.id, 2)] }));
  await waitFor(() => expect(quantities(visitorHooks.result.current.cart.data)).toEqual([2]));
  return visitorHooks;
}

describe('useCart', () => {
  it('is null before the first add-to-cart: no cart is not an error', async () => {
    const { result } = visitor();
    await settled(() => result.current.cart);
    expect(result.current.cart.isSuccess).toBe(true);
    expect(result.current.cart.data).toBeNull();
  });

  it('shows the cart with the added line once useAddToCart succeeds', async () => {
    const { result } = await withMugs();
    expect(quantities(result.current.cart.data)).toEqual([2]);
    expect(result.current.cart.data?.lineItems?.[0]).toMatchObject({ productName: { original: 'Mug' }, price: { amount: '10.00' } });
    expect(result.current.cart.data?.subtotal?.amount).toBe('20.00');
    expect(result.current.updating).toBe(false);
  });

  it('useRemoveLineItem removes the line and the server reprices the cart', async () => {
    const { result } = await withMugs();
    await act(() => result.current.add.mutateAsync({ lineItems: [lineOf(tee.id, 1)] }));
    await waitFor(() => expect(result.current.cart.data?.lineItems).toHaveLength(2));
    const mugLine = result.current.cart.data?.lineItems?.find((lineItem) => lineItem.catalogReference?.catalogItemId === mug.id);
    await act(() => result.current.remove.mutateAsync(mugLine?._id as string));
    await waitFor(() => expect(result.current.cart.data?.lineItems?.map((lineItem) => lineItem.productName?.original)).toEqual(['Tee']));
    expect(result.current.cart.data?.subtotal?.amount).toBe('25.00');
  });
});

describe('useCoupon', () => {
  it("shows the server's refusal of an unknown code and leaves the cart as it was", async () => {
    const { result } = await withMugs();
    let applied: boolean | undefined;
    await act(async () => {
      applied = await result.current.coupon.apply('NOPE');
    });
    expect(applied).toBe(false);
    await waitFor(() => expect(result.current.coupon.error?.status).toBe(404));
    expect(result.current.coupon.error?.details?.applicationError?.code).toBe('COUPON_NOT_FOUND');
    expect(result.current.coupon.error?.message).toMatch(/coupon/i);
    expect(result.current.cart.data?.appliedDiscounts).toEqual([]);
  });

  it('applies a valid code: the totals change and the error is gone; remove brings them back', async () => {
    const { result, mounted } = await withMugs();
    const input = { shippingAddress: US_ADDRESS, selectedShippingOption: { code: 'standard' } };
    const estimate = renderHook(() => useEstimateTotals(input), { wrapper: mounted.wrapper });
    const total = () => estimate.result.current.data?.priceSummary?.total?.amount;
    await waitFor(() => expect(total()).toBe('25.00'));
    await act(async () => {
      await result.current.coupon.apply('NOPE');
    });
    await act(async () => {
      expect(await result.current.coupon.apply('save10')).toBe(true);
    });
    await waitFor(() => expect(result.current.coupon.error).toBeNull());
    await waitFor(() => expect(result.current.cart.data?.appliedDiscounts).toHaveLength(1));
    expect(result.current.cart.data?.appliedDiscounts?.[0]?.coupon).toMatchObject({ code: 'SAVE10', amount: { amount: '2.00' } });
    await waitFor(() => expect(total()).toBe('23.00'));
    await act(async () => {
      expect(await result.current.coupon.remove()).toBe(true);
    });
    await waitFor(() => expect(result.current.cart.data?.appliedDiscounts).toEqual([]));
    await waitFor(() => expect(total()).toBe('25.00'));
  });
});

describe('useEstimateTotals', () => {
  it('estimates the totals with the chosen shipping, and follows the cart when it changes', async () => {
    const { result, mounted } = await withMugs();
    const input = { shippingAddress: US_ADDRESS, selectedShippingOption: { code: 'standard' } };
    const estimate = renderHook(() => useEstimateTotals(input), { wrapper: mounted.wrapper });
    await settled(() => estimate.result.current);
    expect(estimate.result.current.data?.priceSummary).toMatchObject({ subtotal: { amount: '20.00' }, shipping: { amount: '5.00' } });
    expect(estimate.result.current.data?.shippingInfo?.selectedCarrierServiceOption).toMatchObject({ code: 'standard' });
    await act(() => result.current.add.mutateAsync({ lineItems: [lineOf(tee.id, 1)] }));
    await waitFor(() => expect(estimate.result.current.data?.priceSummary?.subtotal?.amount).toBe('45.00'));
  });

  it('is null while the shopper has no cart', async () => {
    const { mounted } = visitor();
    const estimate = renderHook(() => useEstimateTotals({ shippingAddress: US_ADDRESS }), { wrapper: mounted.wrapper });
    await settled(() => estimate.result.current);
    expect(estimate.result.current.data).toBeNull();
  });
});
