/**
 * The merchant's order actions (issue #7, the console's orders; #20: fulfilments and refunds): mark
 * as paid, fulfil, refund, cancel. Each is one transaction holding the order's row lock (two
 * merchants acting at once: the second sees the first's result, nothing is lost, refunds never add
 * up to more than was paid), moves updatedDate, records the change in the order's timeline,
 * publishes `order.updated` or `order.canceled` with the order as the wire shows it (its fulfilments
 * and refunds included) and queues the buyer's mail about it (payment received, shipped, refunded,
 * cancelled), sent after the commit. Cancelling gives back
 * the stock the order still holds, in the same transaction: the lock and the status check make that
 * happen exactly once.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { DomainError } from '../../platform/errors.js';
import type { EventIdentity } from '../events/event-identity.js';
import type { EventPublisher } from '../events/publisher.js';
import { CheckoutErrors } from './errors.js';
import { type OrderActivityInput, recordOrderActivity } from './order-activity.js';
import { planFulfillment } from './order-fulfillments.js';
import { refundsOf, type StoredFulfillment, type StoredRefund } from './order-history.js';
import type { OrderMailRequest, OrderMails } from './order-mails.js';
import { planRefund } from './order-refunds.js';
import { heldStock } from './order-stock.js';
import { type PriceFormat, toWireOrder } from './order-view.js';
import type { PaymentProviderSource, PaymentProviders } from './payments.js';
import type { StockPort } from './placement.js';
import type { CancelOrderBody, FulfillOrderBody, RefundOrderBody, WireOrder } from './schemas.js';
import * as store from './store.js';

export interface OrderActionDeps {
  db: Kysely<Database>;
  stock: Pick<StockPort, 'release'>;
  events: Pick<EventPublisher, 'publish'>;
  price: PriceFormat;
  payments: PaymentProviderSource;
  mails: Pick<OrderMails, 'enqueue' | 'sendNow'>;
}

/** What an action did to the order: what its timeline entry and its e-mail to the buyer tell. */
type OrderChange =
  /** `paymentReference`: the provider's payment that paid it (a Stripe PaymentIntent), when a provider reported it */
  | { kind: 'paid'; paymentReference?: string }
  | { kind: 'fulfilled'; fulfillment: StoredFulfillment }
  | { kind: 'refunded'; refund: StoredRefund }
  | { kind: 'canceled'; reason?: string };

/** The timeline entry of a change (`before`: the order as the lock found it). */
function activityOf(change: OrderChange, before: store.OrderRow): Pick<OrderActivityInput, 'kind' | 'detail'> {
  switch (change.kind) {
    case 'paid':
      return {
        kind: 'PAID',
        detail: { from: before.payment_status, ...(change.paymentReference ? { paymentReference: change.paymentReference } : {}) },
      };
    case 'fulfilled': {
      const { id, carrier, trackingNumber, trackingUrl, lineItems } = change.fulfillment;
      return { kind: 'FULFILLED', detail: { fulfillmentId: id, carrier, trackingNumber, trackingUrl, lineItems } };
    }
    case 'refunded': {
      const { id, amount, reason, lineItems, restocked } = change.refund;
      return {
        kind: 'REFUNDED',
        detail: { refundId: id, amount, currency: before.currency, reason, lineItems, restock: restocked.length > 0 },
      };
    }
    case 'canceled':
      return { kind: 'CANCELED', detail: { reason: change.reason ?? null } };
  }
}

/** The buyer's mail about a change, with the order as it is after it. */
function mailOf(change: OrderChange, order: WireOrder): OrderMailRequest {
  switch (change.kind) {
    case 'paid':
      return { kind: 'payment-received', order };
    case 'fulfilled': {
      const parcel = order.fulfillments.find((fulfillment) => fulfillment.id === change.fulfillment.id);
      const names = new Map(order.lineItems.map((lineItem) => [lineItem.id, lineItem.name]));
      const fulfilment = {
        ...(parcel ? { carrierName: parcel.carrier.name } : {}),
        ...(parcel?.trackingNumber ? { trackingNumber: parcel.trackingNumber } : {}),
        ...(parcel?.trackingUrl ? { trackingUrl: parcel.trackingUrl } : {}),
        lines: change.fulfillment.lineItems.map((lineItem) => ({
          name: names.get(lineItem.lineItemId) ?? '',
          quantity: lineItem.quantity,
        })),
      };
      return { kind: 'shipped', order, fulfilment };
    }
    case 'refunded': {
      const refund = order.refunds.find((candidate) => candidate.id === change.refund.id);
      return {
        kind: 'refunded',
        order,
        refund: { amount: refund?.amount.formattedAmount ?? change.refund.amount, reason: change.refund.reason },
      };
    }
    case 'canceled':
      return { kind: 'cancelled', order, ...(change.reason ? { reason: change.reason } : {}) };
  }
}

/** What an action's step under the lock answers. */
interface Changed {
  row: store.OrderRow;
  type: 'order.updated' | 'order.canceled';
  change: OrderChange;
}

export class OrderActions {
  constructor(private readonly deps: OrderActionDeps) {}

  /**
   * Records the payment of an unpaid (NOT_PAID or PENDING) order: PAID, with the date. The merchant's
   * "mark as paid", and a provider's report that a PENDING payment succeeded (`payment`: the card's
   * webhook, who being `SYSTEM`): one path, so both publish, record and mail the same.
   * @throws DomainError ORDER_NOT_FOUND, ORDER_ALREADY_PAID, ORDER_CANCELED
   */
  markAsPaid(id: string, who: EventIdentity, payment?: { reference: string }): Promise<WireOrder> {
    return this.change(id, who, async (trx, row) => {
      if (!['NOT_PAID', 'PENDING'].includes(row.payment_status))
        throw new DomainError(CheckoutErrors.ORDER_ALREADY_PAID, { orderId: row.id });
      if (row.status === 'CANCELED') throw new DomainError(CheckoutErrors.ORDER_CANCELED, { orderId: row.id });
      const now = new Date();
      const paid = await store.updateOrder(trx, row.id, { payment_status: 'PAID', paid_date: now }, now);
      const change: OrderChange = { kind: 'paid', ...(payment ? { paymentReference: payment.reference } : {}) };
      return { row: paid, type: 'order.updated', change };
    });
  }

  /**
   * Records a fulfilment (a parcel) of some units of the order's lines, by default every unit not
   * yet sent, with its carrier and tracking: PARTIALLY_FULFILLED, or FULFILLED (with the date) once
   * every unit is sent.
   * @throws DomainError ORDER_NOT_FOUND, ORDER_CANCELED, ORDER_ALREADY_FULFILLED, ORDER_LINE_NOT_FOUND, FULFILLMENT_EXCEEDS_ORDER
   */
  fulfill(id: string, input: Omit<FulfillOrderBody, 'id'>, who: EventIdentity): Promise<WireOrder> {
    return this.change(id, who, async (trx, row) => {
      const now = new Date();
      const { fulfillment, values } = planFulfillment(row, input, now);
      const fulfilled = await store.updateOrder(trx, row.id, values, now);
      return { row: fulfilled, type: 'order.updated', change: { kind: 'fulfilled', fulfillment } };
    });
  }

  /**
   * Refunds a paid order, by lines, by an amount or whole: PARTIALLY_REFUNDED, or FULLY_REFUNDED
   * once the refunds come to the total. A provider that refunds (card payments) is asked to, with
   * the refund's id as idempotency key, and its refund id is kept; offline payments are recorded
   * only. With restock, the refunded lines' stock goes back to the catalogue.
   * @throws DomainError ORDER_NOT_FOUND, ORDER_NOT_PAID, ORDER_FULLY_REFUNDED, ORDER_LINE_NOT_FOUND,
   *   REFUND_EXCEEDS_ORDER, REFUND_EXCEEDS_PAYMENT, STOCK_ALREADY_RETURNED; ValidationFailure (nothing to refund)
   */
  refund(id: string, input: Omit<RefundOrderBody, 'id'>, who: EventIdentity): Promise<WireOrder> {
    return this.change(id, who, async (trx, row, payments) => {
      const now = new Date();
      const plan = planRefund(row, input, now);
      const provider = payments.find(row.payment_method);
      // Under the order's lock: a concurrent refund waits, then sees this one. A provider that fails
      // rolls the whole refund back (its idempotency key makes a retry of this one safe).
      const paidBack = provider?.refund
        ? await provider.refund({
            orderId: row.id,
            paymentReference: row.payment_reference,
            amount: plan.amount,
            currency: row.currency,
            idempotencyKey: plan.refund.id,
            reason: input.reason,
          })
        : undefined;
      const refund: StoredRefund = { ...plan.refund, ...(paidBack ? { providerRefundId: paidBack.refundId } : {}) };
      await this.deps.stock.release(trx, refund.restocked, who, { reason: 'REFUND', orderId: row.id });
      const refunded = await store.updateOrder(trx, row.id, { ...plan.values, refunds: JSON.stringify([...refundsOf(row), refund]) }, now);
      return { row: refunded, type: 'order.updated', change: { kind: 'refunded', refund } };
    });
  }

  /**
   * Cancels an order nothing of which was fulfilled: CANCELED, with the date and the reason, and
   * the stock it still holds (what placement took, less what restocking refunds gave back) given
   * back to the products and variants.
   * @throws DomainError ORDER_NOT_FOUND, ORDER_ALREADY_CANCELED, ORDER_FULFILLED
   */
  cancel(id: string, body: Pick<CancelOrderBody, 'reason'>, who: EventIdentity): Promise<WireOrder> {
    return this.change(id, who, async (trx, row) => {
      if (row.status === 'CANCELED') throw new DomainError(CheckoutErrors.ORDER_ALREADY_CANCELED, { orderId: row.id });
      if (row.fulfillment_status !== 'NOT_FULFILLED') throw new DomainError(CheckoutErrors.ORDER_FULFILLED, { orderId: row.id });
      const now = new Date();
      const values = { status: 'CANCELED' as const, canceled_date: now, cancel_reason: body.reason ?? null };
      const canceled = await store.updateOrder(trx, row.id, values, now);
      await this.deps.stock.release(trx, heldStock(row), who, { reason: 'CANCELLATION', orderId: row.id });
      return { row: canceled, type: 'order.canceled', change: { kind: 'canceled', ...(body.reason ? { reason: body.reason } : {}) } };
    });
  }

  /**
   * Runs one change of the order under its row lock, records it in the order's timeline, publishes
   * its event and queues the buyer's mail; the mail is sent after the commit (and retried by the
   * outbox's sender when that fails).
   */
  private async change(
    id: string,
    who: EventIdentity,
    apply: (trx: Transaction<Database>, row: store.OrderRow, payments: PaymentProviders) => Promise<Changed>,
  ): Promise<WireOrder> {
    if (!store.isEntityId(id)) throw new DomainError(CheckoutErrors.ORDER_NOT_FOUND, { orderId: id });
    // Read before the transaction: nothing inside one may query the root database (PGlite's one connection).
    const payments = await this.deps.payments.providers();
    const { order, mailId } = await transaction(this.deps.db, async (trx) => {
      const locked = await store.lockOrder(trx, id);
      if (!locked) throw new DomainError(CheckoutErrors.ORDER_NOT_FOUND, { orderId: id });
      const { row, type, change } = await apply(trx, locked, payments);
      await recordOrderActivity(trx, { orderId: row.id, who, ...activityOf(change, locked) });
      const order = toWireOrder(row, this.deps.price, payments);
      await this.deps.events.publish(trx, { type, entityId: row.id, entity: order, identity: who });
      return { order, mailId: await this.deps.mails.enqueue(trx, mailOf(change, order)) };
    });
    await this.deps.mails.sendNow([mailId]);
    return order;
  }
}
