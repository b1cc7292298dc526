// @vitest-environment jsdom
/**
 * The cart drawer and the cart page against the real server (no mocks of the SDK): a visitor's SDK
 * client of the test server, the bindings' provider, and a memory router standing in for the root
 * route (locale and currency).
 */
import { QueryClient } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { VitrineProvider } from '@vitrine/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gatedFetch, lineOf, shopClient, startShop, type TestServer } from '../../../../packages/react/test/support/shop.js';
import { type InsertedProduct, insertProduct } from '../../../../packages/server/test/support/catalog-fixtures.js';
import { placedOrder, stockedProduct, usShipping } from '../../../../packages/server/test/support/checkout-fixtures.js';
import CartPage from '../routes/cart.js';
import { CartDrawer } from './cart-drawer.js';
import { closeCartDrawer, openCartDrawer } from './cart-drawer-state.js';

configure({ asyncUtilTimeout: 8000 });

/** The router renders nothing while the root loader runs. */
const NoFallback = () => null;

let server: TestServer;
let mug: InsertedProduct;

beforeAll(async () => {
  server = await startShop();
  mug = await insertProduct(server.database.db, { name: 'Test Mug', price: '10.00' });
  await server.database.db
    .insertInto('coupons')
    .values([
      { code: 'SAVE10', name: 'Save 10 %', kind: 'PERCENT', value: '10' },
      { code: 'ENDED', name: 'Ended', kind: 'PERCENT', value: '10', expires_at: new Date('2026-01-15T12:00:00Z') },
      { code: 'LATER', name: 'Later', kind: 'PERCENT', value: '10', starts_at: new Date('2099-03-01T12:00:00Z') },
    ])
    .execute();
  await usShipping(server);
});
afterAll(() => server?.close());
afterEach(() => {
  closeCartDrawer();
  cleanup();
});

/** A new visitor's client, its cart holding these lines, and `ui` rendered for it under a root route. */
async function shopperWith(lines: ReturnType<typeof lineOf>[], ui: ReactNode, fetch?: typeof globalThis.fetch) {
  const client = shopClient(server, fetch ? { fetch } : {});
  if (lines.length) await client.currentCart.addToCurrentCart({ lineItems: lines });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const opened: string[] = [];
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ locale: 'en-US', currency: 'USD', shopClient: { apiUrl: server.url } }),
        element: ui,
        HydrateFallback: NoFallback,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <VitrineProvider client={client} queryClient={queryClient} navigate={(url) => opened.push(url)}>
      <RouterProvider router={router} />
    </VitrineProvider>,
  );
  return { client, opened };
}

describe('the cart drawer', () => {
  it('shows the lines and the subtotal, changes a quantity at once and the money when the server answers', async () => {
    const gate = gatedFetch('update-line-items-quantity');
    await shopperWith([lineOf(mug.id, 1)], <CartDrawer />, gate.fetch);
    openCartDrawer();
    const dialog = await screen.findByRole('dialog', { name: 'Your cart' });
    await within(dialog).findByText('Test Mug');
    await waitFor(() => expect(screen.getByTestId('drawer-subtotal').textContent).toBe('$10.00'));

    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Test Mug' }));
    // the quantity is optimistic; the subtotal waits (dimmed) for the server's answer
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of Test Mug' }) as HTMLInputElement;
    await waitFor(() => expect(quantity.value).toBe('2'));
    expect(screen.getByTestId('drawer-subtotal').textContent).toBe('$10.00');
    expect(screen.getByText('Subtotal').parentElement?.getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(true);
    gate.release();
    await waitFor(() => expect(screen.getByTestId('drawer-subtotal').textContent).toBe('$20.00'));
    expect(screen.getByText('Subtotal').parentElement?.getAttribute('aria-busy')).toBe('false');
  });

  it('removes a line and then shows the empty cart', async () => {
    await shopperWith([lineOf(mug.id, 1)], <CartDrawer />);
    openCartDrawer();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Test Mug' }));
    await screen.findByText('Your cart is empty.');
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
  });

  it('warns about a line the shop no longer has enough of and holds checkout back', async () => {
    const scarce = await stockedProduct(server, { name: 'Scarce Mug', price: 12, quantity: 2 });
    await shopperWith([lineOf(scarce._id, 2)], <CartDrawer />);
    // another shopper buys one of the two
    await placedOrder(server, [{ productId: scarce._id, quantity: 1 }]);
    openCartDrawer();
    await screen.findByText('Only 1 left: lower the quantity to 1 to check out.');
    expect((screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('closes from its close button', async () => {
    await shopperWith([], <CartDrawer />);
    openCartDrawer();
    const dialog = await screen.findByRole('dialog', { name: 'Your cart' });
    await within(dialog).findByText('Your cart is empty.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close cart' }));
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
  });
});

describe('the cart page', () => {
  it('shows the server’s refusal of a coupon in the form, then applies and removes a good one', async () => {
    await shopperWith([lineOf(mug.id, 2)], <CartPage />);
    const field = await screen.findByLabelText('Coupon code');
    fireEvent.change(field, { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No coupon has this code');

    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'SAVE10' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('applied-coupon').textContent).toContain('SAVE10'));
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$18.00'));

    fireEvent.click(screen.getByRole('button', { name: 'Remove coupon' }));
    await waitFor(() => expect(screen.queryByTestId('applied-coupon')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$20.00'));
  });

  it.each([
    ['ENDED', 'This coupon has expired: it ended on January 15, 2026.'],
    ['LATER', 'This coupon is not valid yet: it can be used from March 1, 2099.'],
  ])('says in plain words, with its date, why %s cannot be used (#19)', async (code, reason) => {
    await shopperWith([lineOf(mug.id, 1)], <CartPage />);
    fireEvent.change(await screen.findByLabelText('Coupon code'), { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(reason);
    expect(screen.queryByTestId('applied-coupon')).toBeNull();
  });

  it('estimates for a shipping address: the options to choose from, and the server’s totals for the one chosen', async () => {
    await shopperWith([lineOf(mug.id, 1)], <CartPage />);
    fireEvent.change(await screen.findByLabelText('State'), { target: { value: 'il' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Springfield' } });
    fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '62701' } });
    fireEvent.click(screen.getByRole('button', { name: 'Estimate shipping and tax' }));
    const group = await screen.findByRole('group', { name: 'Shipping option' });
    // the server estimates with the cheapest delivery until the shopper picks one: a free pickup is no default (#19)
    const standard = await within(group).findByRole('radio', { name: /Standard shipping/ });
    await waitFor(() => expect((standard as HTMLInputElement).checked).toBe(true));
    expect(screen.getByTestId('shipping-total').textContent).toBe('$5.00');
    expect(screen.getByTestId('cart-total').textContent).toBe('$15.00');

    const pickup = within(group).getByRole('radio', { name: /Store pickup/ });
    expect((pickup as HTMLInputElement).checked).toBe(false);
    fireEvent.click(pickup);
    expect((pickup as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(screen.getByTestId('shipping-total').textContent).toBe('$0.00'));
    expect(screen.getByTestId('cart-total').textContent).toBe('$10.00');
  });

  it('calls the state and the postal code what the chosen country calls them, keeping what was typed', async () => {
    await shopperWith([lineOf(mug.id, 1)], <CartPage />);
    const form = within(await screen.findByRole('form', { name: 'Shipping address for the estimate' }));
    const labels = () => [...form.getAllByRole('textbox')].map((field) => (field as HTMLInputElement).labels?.[0]?.textContent);
    expect(labels()).toEqual(['State', 'City', 'ZIP code', 'Street address']);
    fireEvent.change(form.getByLabelText('ZIP code'), { target: { value: 'SW1A 1AA' } });
    fireEvent.change(form.getByLabelText('Country'), { target: { value: 'GB' } });
    expect(labels()).toEqual(['State or region', 'City', 'Postcode', 'Street address']);
    expect((form.getByLabelText('Postcode') as HTMLInputElement).value).toBe('SW1A 1AA');
    fireEvent.change(form.getByLabelText('Country'), { target: { value: 'CA' } });
    expect(labels()).toEqual(['Province or territory', 'City', 'Postal code', 'Street address']);
  });

  it('starts a checkout on the hosted page with the way back to the thank-you page and the cart', async () => {
    const { opened } = await shopperWith([lineOf(mug.id, 1)], <CartPage />);
    const button = await screen.findByRole('button', { name: 'Checkout' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(new URL(opened[0] as string).pathname).toMatch(/\/checkout\//);
  });

  it('shows the empty cart to a shopper who has none', async () => {
    await shopperWith([], <CartPage />);
    await screen.findByText('Your cart is empty.');
    expect(screen.getByRole('link', { name: 'Start shopping' }).getAttribute('href')).toBe('/products');
  });
});
