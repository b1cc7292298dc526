import { ApiKeyStrategy, createClient } from '@vitrine/sdk';
import { products } from '@vitrine/sdk/stores';
import { describe, expect, it } from 'vitest';
import { lineOf, stockedProduct, visitorClient } from '../../../test/support/checkout-fixtures.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';
import { thrown } from '../../../test/support/thrown.js';

const server = usShippingServerForFile();

const SDK_ADDRESS = { addressLine1: '1 Main St', city: 'Springfield', postalCode: '62701', subdivision: 'US-IL', country: 'US' };

const checkoutRow = (id: string) => server.database.db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const appError = async (pending: Promise<unknown>) => {
  const error = await thrown(pending);
  return { status: error.status, code: error.details?.applicationError?.code, data: error.details?.applicationError?.data };
};

describe('create-checkout', () => {
  it('freezes the cart: lines with their prices, e-mail, addresses, shipping option and channel', async () => {
    const mug = await stockedProduct(server, { name: 'Frozen mug', price: 12.5, quantity: 5 });
    const shop = visitorClient(server);
    await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id, 2)] });
    const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart({
      email: 'buyer@example.com',
      shippingAddress: SDK_ADDRESS,
      selectedShippingOption: { code: 'standard' },
    });
    const row = await checkoutRow(checkoutId as string);
    expect(row).toMatchObject({
      status: 'OPEN',
      channel_type: 'WEB',
      currency: 'USD',
      email: 'buyer@example.com',
      shipping_address: { addressLine: '1 Main St', city: 'Springfield', country: 'US', subdivision: 'US-IL', postalCode: '62701' },
      selected_shipping_option: { code: 'standard' },
      order_id: null,
    });
    expect(row.line_items).toEqual([
      expect.objectContaining({ productId: mug._id, name: 'Frozen mug', quantity: 2, price: '12.50', fullPrice: '12.50', custom: false }),
    ]);
    // The cart knows its checkout; the frozen price does not follow later catalogue changes.
    expect((await shop.currentCart.getCurrentCart()).checkoutId).toBe(checkoutId);
    const merchant = createClient({ host: server.url, modules: { products }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });
    await merchant.products.updateProduct(mug._id, { priceData: { price: 99 } });
    expect(((await checkoutRow(checkoutId as string)).line_items[0] as { price: string }).price).toBe('12.50');
  });

  it('takes the channel type from the request and refuses one outside the spec enumeration', async () => {
    const mug = await stockedProduct(server, { quantity: 5 });
    const shop = visitorClient(server);
    await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id)] });
    const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart({ channelType: 'POS' });
    expect((await checkoutRow(checkoutId as string)).channel_type).toBe('POS');
    const error = await thrown(shop.currentCart.createCheckoutFromCurrentCart({ channelType: 'SHOP' as never }));
    expect(error.status).toBe(400);
    expect(error.details?.validationError?.fieldViolations?.[0]?.field).toBe('options.channelType');
  });

  it('refuses a caller without a cart, and an emptied cart', async () => {
    const shop = visitorClient(server);
    expect(await appError(shop.currentCart.createCheckoutFromCurrentCart())).toMatchObject({ status: 404, code: 'OWNED_CART_NOT_FOUND' });
    const mug = await stockedProduct(server, { quantity: 5 });
    const { cart } = await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id)] });
    await shop.currentCart.removeLineItemsFromCurrentCart([cart?.lineItems?.[0]?._id as string]);
    expect(await appError(shop.currentCart.createCheckoutFromCurrentCart())).toMatchObject({ status: 400, code: 'CART_EMPTY' });
  });

  it('refuses a cart with a line that is no longer available in its quantity, naming the line', async () => {
    const mug = await stockedProduct(server, { quantity: 3 });
    const shop = visitorClient(server);
    const { cart } = await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id, 3)] });
    const merchant = createClient({ host: server.url, modules: { products }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });
    await merchant.products.updateProduct(mug._id, { stock: { quantity: 1 } });
    expect(await appError(shop.currentCart.createCheckoutFromCurrentCart())).toEqual({
      status: 409,
      code: 'ITEMS_UNAVAILABLE',
      data: { lineItemIds: [cart?.lineItems?.[0]?._id] },
    });
  });

  it('answers a replay with the same Idempotency-Key and body with the first checkout, without a second one', async () => {
    const mug = await stockedProduct(server, { quantity: 5 });
    const shop = visitorClient(server);
    await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id)] });
    shop.setHeaders({ 'Idempotency-Key': `checkout-${crypto.randomUUID()}` });
    const first = await shop.currentCart.createCheckoutFromCurrentCart({ email: 'again@example.com' });
    const again = await shop.currentCart.createCheckoutFromCurrentCart({ email: 'again@example.com' });
    expect(again.checkoutId).toBe(first.checkoutId);
    const rows = await server.database.db.selectFrom('checkouts').select('id').where('email', '=', 'again@example.com').execute();
    expect(rows).toHaveLength(1);
    expect(await appError(shop.currentCart.createCheckoutFromCurrentCart({ email: 'other@example.com' }))).toMatchObject({
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('makes a new checkout for every call without a key', async () => {
    const mug = await stockedProduct(server, { quantity: 5 });
    const shop = visitorClient(server);
    await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id)] });
    const first = await shop.currentCart.createCheckoutFromCurrentCart();
    const second = await shop.currentCart.createCheckoutFromCurrentCart();
    expect(first.checkoutId).not.toBe(second.checkoutId);
    expect((await shop.currentCart.getCurrentCart()).checkoutId).toBe(second.checkoutId);
  });
});
