/**
 * Order change tracking (migration 0009): a member's order read shows its fulfilment status and when
 * it last changed; a change of payment status moves updatedDate.
 */
import { describe, expect, it } from 'vitest';
import { hostedFormFields, lineOf, memberClient, placeFromPage, stockedProduct } from '../../../test/support/checkout-fixtures.js';
import { FormClient } from '../../../test/support/form-client.js';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';
import { setOrderPaymentStatus } from './store.js';

const server = usShippingServerForFile();

/** The fields the SDK's Order type does not declare yet (it passes `_updatedDate` on as the wire's ISO text). */
type Tracked = { fulfillmentStatus?: string; _updatedDate?: Date | string; _createdDate?: Date };
const updatedAt = (order: Tracked) =>
  Date.parse(String(order._updatedDate instanceof Date ? order._updatedDate.toISOString() : order._updatedDate));

describe('order change tracking', () => {
  it('shows a new order as not fulfilled, updated when placed, and moves updatedDate on a payment change', async () => {
    const mug = await stockedProduct(server, { quantity: 3 });
    const { client: member } = await memberClient(server);
    await member.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id)] });
    const { checkoutId } = await member.currentCart.createCheckoutFromCurrentCart();
    const { redirectSession } = await member.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: checkoutId as string },
      callbacks: { thankYouPageUrl: 'http://127.0.0.1:4000/thank-you' },
    });
    const browser = new FormClient(server.url);
    const page = await browser.get(redirectSession?.fullUrl as string);
    const done = await placeFromPage(browser, page, hostedFormFields(uniqueEmail('tracked')));
    const orderId = done.location?.searchParams.get('orderId') as string;
    expect(orderId).toBeTruthy();

    const placed = (await member.orders.getOrder(orderId)) as Tracked;
    expect(placed.fulfillmentStatus).toBe('NOT_FULFILLED');
    expect(updatedAt(placed)).toBeGreaterThanOrEqual(placed._createdDate?.getTime() ?? Number.NaN);

    const db = server.database.db;
    await db
      .updateTable('orders')
      .set({ updated_date: new Date('2020-01-01T00:00:00Z') })
      .where('id', '=', orderId)
      .execute();
    await setOrderPaymentStatus(db, orderId, 'PAID');
    const paid = await member.orders.getOrder(orderId);
    expect(paid.paymentStatus).toBe('PAID');
    expect(updatedAt(paid as Tracked)).toBeGreaterThan(Date.parse('2020-01-01T00:00:00Z'));
    const { orders } = await member.orders.searchOrders();
    expect((orders?.find((order) => order._id === orderId) as Tracked | undefined)?.fulfillmentStatus).toBe('NOT_FULFILLED');
  });
});
