/**
 * The merchant's order actions ('orders', Vitrine calls: the spec does not list them), loaded on
 * first call through `../on-demand.ts` (a storefront page never makes one). Each resolves to the
 * order as it is after the change. Merchant only (API key): a visitor or member gets a 403.
 */
import type {
  CancelOrderOptions,
  FulfillOrderOptions,
  ListOrderActivitiesResponse,
  Order,
  OrderActivity,
  RefundOrderOptions,
} from '../types/index.js';
import { call } from './call.js';
import { under } from './conversions.js';
import { ORDER } from './order-conversions.js';
import { ordersExport } from './orders-export.js';

const O = /* @__PURE__ */ under('order', ORDER);
/** A timeline entry's dates. */
const ACTIVITY = { dates: 'createdDate removed.removedDate' } as const;

export const ordersMerchant = {
  ...ordersExport,

  /**
   * Records the payment of an unpaid order (NOT_PAID or PENDING → PAID); resolves to the order.
   * Refused (409) when it is already paid or canceled.
   * @example const order = await client.orders.markOrderAsPaid(orderId);
   */
  markOrderAsPaid: /* @__PURE__ */ call<(_id: string) => Promise<Order>>({
    route: 'POST /ecom/v1/orders/{id}/mark-as-paid',
    args: ['_id'],
    response: O,
    returns: 'order',
  }),

  /**
   * Records a fulfilment (a parcel) of the given lines and quantities, or of everything not yet
   * fulfilled, with its carrier and tracking; resolves to the order (PARTIALLY_FULFILLED or
   * FULFILLED). Refused (409) when it is already fulfilled or canceled, or a quantity is more than
   * remains; 400 for an unknown line or a tracking URL that is not https.
   * @example await client.orders.fulfillOrder(orderId, { lineItems: [{ lineItemId, quantity: 1 }], carrier: 'UPS', trackingNumber: '1Z999' });
   */
  fulfillOrder: /* @__PURE__ */ call<(_id: string, options?: FulfillOrderOptions) => Promise<Order>>({
    route: 'POST /ecom/v1/orders/{id}/fulfill',
    args: ['_id', 'options{lineItems,carrier,trackingNumber,trackingUrl}'],
    response: O,
    returns: 'order',
  }),

  /**
   * Refunds a paid order, by lines, by an amount, or whole (neither), optionally giving the lines'
   * stock back; resolves to the order (PARTIALLY_REFUNDED or FULLY_REFUNDED). Card payments are
   * refunded through their provider; offline ones are recorded. Refused (409) when the order is not
   * paid or the refunds would exceed what was paid.
   * @example await client.orders.refundOrder(orderId, { amount: '5.00', reason: 'Scratched box' });
   */
  refundOrder: /* @__PURE__ */ call<(_id: string, options: RefundOrderOptions) => Promise<Order>>({
    route: 'POST /ecom/v1/orders/{id}/refund',
    args: ['_id', 'options{reason,lineItems,amount,restock}'],
    response: O,
    returns: 'order',
  }),

  /**
   * Cancels an order not yet fulfilled (status CANCELED; its stock goes back to the catalogue);
   * resolves to the order. Refused (409) when it is fulfilled or already canceled.
   * @example await client.orders.cancelOrder(orderId, { reason: 'Out of stock at the supplier' });
   */
  cancelOrder: /* @__PURE__ */ call<(_id: string, options?: CancelOrderOptions) => Promise<Order>>({
    route: 'POST /ecom/v1/orders/{id}/cancel',
    args: ['_id', 'options{reason}'],
    response: O,
    returns: 'order',
  }),

  /**
   * The order's timeline, newest first: every change (placed, paid, fulfilled, cancelled, e-mail
   * sent, note…), who made it and when; resolves to `{activities}`.
   * @example const { activities } = await client.orders.listOrderActivities(orderId);
   */
  listOrderActivities: /* @__PURE__ */ call<(_id: string) => Promise<ListOrderActivitiesResponse>>({
    route: 'GET /ecom/v1/orders/{id}/activities',
    args: ['_id'],
    response: /* @__PURE__ */ under('activities', ACTIVITY),
  }),

  /**
   * Adds an internal note to the order (never shown to the buyer); resolves to its timeline entry.
   * Refused (400) when empty or longer than 5000 characters.
   * @example await client.orders.addOrderNote(orderId, 'Called the buyer: leave at the door');
   */
  addOrderNote: /* @__PURE__ */ call<(_id: string, text: string) => Promise<OrderActivity>>({
    route: 'POST /ecom/v1/orders/{id}/notes',
    args: ['_id', 'text=note.text'],
    response: /* @__PURE__ */ under('activity', ACTIVITY),
    returns: 'activity',
  }),

  /**
   * Removes a note's text; the timeline keeps who removed it and when. Resolves to the entry.
   * @example await client.orders.removeOrderNote(orderId, note._id);
   */
  removeOrderNote: /* @__PURE__ */ call<(_id: string, noteId: string) => Promise<OrderActivity>>({
    route: 'DELETE /ecom/v1/orders/{id}/notes/{noteId}',
    args: ['_id', 'noteId'],
    response: /* @__PURE__ */ under('activity', ACTIVITY),
    returns: 'activity',
  }),
};
