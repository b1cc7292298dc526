/**
 * A checkout is tied to the cart it was made from (issue #19, defect 5): the hosted page shows the
 * cart as it is now, the order is what the page showed, and the cart loses only what was ordered.
 */
import type { LineItem } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import {
  hostedFormFields,
  lineOf,
  placeFromPage,
  quotedPage,
  type ShopperClient,
  stockedProduct,
  visitorClient,
} from '../../../test/support/checkout-fixtures.js';
import { FormClient, pageText } from '../../../test/support/form-client.js';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';
import { transaction } from '../../platform/db/transaction.js';
import { UNKNOWN_IDENTITY } from '../events/event-identity.js';

const server = usShippingServerForFile();

const CART_CHANGED = 'Your cart changed: this checkout now shows it.';

const fields = () => hostedFormFields(uniqueEmail('tied'));

/** A visitor's cart of these lines, its checkout, and the hosted page opened on it. */
async function checkedOut(lines: { id: string; quantity: number }[]) {
  const shop = visitorClient(server);
  const { cart } = await shop.currentCart.addToCurrentCart({ lineItems: lines.map((line) => lineOf(line.id, line.quantity)) });
  const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
  const { redirectSession } = await shop.redirects.createRedirectSession({ ecomCheckout: { checkoutId } });
  const browser = new FormClient(server.url);
  const page = await browser.get(redirectSession?.fullUrl as string);
  expect(page.status).toBe(200);
  return { shop, cartId: cart?._id as string, checkoutId: checkoutId as string, browser, page, url: redirectSession?.fullUrl as string };
}

async function setQuantity(shop: ShopperClient, productId: string, quantity: number) {
  const cart = await shop.currentCart.getCurrentCart();
  const line = cart?.lineItems?.find((lineItem) => lineItem.catalogReference?.catalogItemId === productId);
  await shop.currentCart.updateCurrentCartLineItemQuantity([{ _id: line?._id as string, quantity }]);
}

const orderLines = async (checkoutId: string) => {
  const order = await server.database.db.selectFrom('orders').selectAll().where('checkout_id', '=', checkoutId).executeTakeFirst();
  return (order?.line_items as { name: string; quantity: number }[] | undefined)?.map((line) => `${line.quantity} × ${line.name}`);
};

const cartEvents = (cartId: string) =>
  server.database.db.selectFrom('events').select(['type', 'payload']).where('entity_id', '=', cartId).orderBy('sequence').execute();

describe('a checkout tied to its cart (#19)', () => {
  it('shows a quantity changed in the cart after the checkout was made, with a notice, and orders it', async () => {
    const mug = await stockedProduct(server, { name: 'Tied mug', quantity: 10 });
    const { shop, cartId, checkoutId, browser, url } = await checkedOut([{ id: mug._id, quantity: 1 }]);
    await setQuantity(shop, mug._id, 3);

    const again = await browser.get(url);
    expect(pageText(again)).toContain(CART_CHANGED);
    expect(pageText(again)).toContain('3 × Tied mug');

    const placed = await placeFromPage(browser, again, fields());
    expect(placed.status).toBe(303);
    expect(await orderLines(checkoutId)).toEqual(['3 × Tied mug']);
    expect(await server.database.db.selectFrom('carts').select('id').where('id', '=', cartId).executeTakeFirst()).toBeUndefined();
    expect((await cartEvents(cartId)).map((event) => event.type).at(-1)).toBe('cart.deleted');
  });

  it('places nothing from a page older than the cart: shows it again with the cart now, then orders that', async () => {
    const mug = await stockedProduct(server, { name: 'Stale mug', quantity: 10 });
    const { shop, checkoutId, browser, page } = await checkedOut([{ id: mug._id, quantity: 1 }]);
    const shown = await quotedPage(browser, page, fields());
    expect(pageText(shown)).toContain('1 × Stale mug');
    await setQuantity(shop, mug._id, 3);

    const answer = await browser.submit(shown.form('/place'), fields());
    expect(answer.status).toBe(303);
    const refused = await browser.follow(answer);
    expect(pageText(refused)).toContain(CART_CHANGED);
    expect(pageText(refused)).toContain('3 × Stale mug');
    expect(await orderLines(checkoutId)).toBeUndefined();

    const placed = await browser.submit(refused.form('/place'), fields());
    expect(placed.status).toBe(303);
    expect(await orderLines(checkoutId)).toEqual(['3 × Stale mug']);
  });

  it('keeps in the cart what the order did not take: lines added and quantities grown since, with cart.updated', async () => {
    const mug = await stockedProduct(server, { name: 'Kept mug', quantity: 10 });
    const tee = await stockedProduct(server, { name: 'Kept tee', quantity: 10 });
    const { shop, cartId } = await checkedOut([{ id: mug._id, quantity: 2 }]);
    const { cart } = await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id, 3), lineOf(tee._id, 1)] });
    const mugLine = cart?.lineItems?.find((lineItem: LineItem) => lineItem.catalogReference?.catalogItemId === mug._id)?._id as string;
    const before = await server.database.db.selectFrom('carts').select('revision').where('id', '=', cartId).executeTakeFirstOrThrow();

    // The order took 2 mugs (what its page showed) while the cart meanwhile grew to 5 mugs and a tee.
    const removal = await server.services.carts.orderRemoval();
    const removed = await transaction(server.database.db, (trx) =>
      removal.removeOrdered(trx, cartId, [{ lineItemId: mugLine, quantity: 2 }], UNKNOWN_IDENTITY),
    );
    expect(removed).toBe(true);

    const left = await shop.currentCart.getCurrentCart();
    expect(left?.lineItems?.map((lineItem) => `${lineItem.quantity} × ${lineItem.productName?.original}`)).toEqual([
      '3 × Kept mug',
      '1 × Kept tee',
    ]);
    expect(left?.checkoutId ?? undefined).toBeUndefined();
    const after = await server.database.db.selectFrom('carts').select('revision').where('id', '=', cartId).executeTakeFirstOrThrow();
    expect(after.revision).toBeGreaterThan(before.revision);
    const last = (await cartEvents(cartId)).at(-1);
    expect(last?.type).toBe('cart.updated');
    expect(JSON.stringify(last?.payload)).toContain('Kept tee');

    // Another change of the cart after the order plans on the cart as it is now (no stale copy of it).
    await setQuantity(shop, mug._id, 4);
    const changed = await shop.currentCart.getCurrentCart();
    expect(changed?.lineItems?.map((lineItem) => lineItem.quantity)).toEqual([4, 1]);
  });

  it('takes nothing from a cart that holds less than was ordered', async () => {
    const mug = await stockedProduct(server, { name: 'Short mug', quantity: 10 });
    const { shop, cartId } = await checkedOut([{ id: mug._id, quantity: 3 }]);
    await setQuantity(shop, mug._id, 1);
    const cart = await shop.currentCart.getCurrentCart();
    const removal = await server.services.carts.orderRemoval();
    const removed = await transaction(server.database.db, (trx) =>
      removal.removeOrdered(trx, cartId, [{ lineItemId: cart?.lineItems?.[0]?._id as string, quantity: 3 }], UNKNOWN_IDENTITY),
    );
    expect(removed).toBe(false);
    expect((await shop.currentCart.getCurrentCart()).lineItems?.map((lineItem) => lineItem.quantity)).toEqual([1]);
  });
});
