/**
 * The merchant's order actions (issue #7, the console's orders): mark as paid, fulfil, cancel. Each
 * is one transaction holding the order's row lock (two merchants acting at once: the second sees the
 * first's result, nothing is lost), moves updatedDate, publishes `order.updated` or
 * `order.canceled` with the order as the wire shows it and queues the buyer's mail (payment received,
 * shipped, cancelled), sent after the commit. Cancelling gives back the stock placement
 * took, in the same transaction: the lock and the status check make that happen exactly once.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import type { StockTake } from '../catalog/stock.js';
import type { EventIdentity } from '../events/event-identity.js';
import type { EventPublisher } from '../events/publisher.js';
import { CheckoutErrors } from './errors.js';
import type { OrderMailRequest, OrderMails } from './order-mails.js';
import type { OrderLine } from './order-record.js';
import { type PriceFormat, toWireOrder } from './order-view.js';
import type { PaymentProviders } from './payments.js';
import type { StockPort } from './placement.js';
import type { CancelOrderBody, FulfillOrderBody, WireOrder } from './schemas.js';
import * as store from './store.js';

type Trx = Transaction<Database>;

export interface OrderActionDeps {
  db: Kysely<Database>;
  stock: Pick<StockPort, 'release'>;
  events: Pick<EventPublisher, 'publish'>;
  price: PriceFormat;
  payments: PaymentProviders;
  mails: Pick<OrderMails, 'enqueue' | 'sendNow'>;
}

/** What placement took of an order's stock: as recorded, or (orders placed before migration 0010) its catalogue lines. */
export function takenStock(row: Pick<store.OrderRow, 'reserved_stock' | 'line_items'>): StockTake[] {
  if (row.reserved_stock) return row.reserved_stock as unknown as StockTake[];
  return (row.line_items as unknown as OrderLine[])
    .filter((l) => !l.custom && l.productId)
    .map((l) => ({ productId: l.productId as string, ...(l.variantId ? { variantId: l.variantId } : {}), quantity: l.quantity }));
}

/** A change's outcome: the changed row, its event type and the buyer's mail about it. */
interface OrderChange {
  row: store.OrderRow;
  type: 'order.updated' | 'order.canceled';
  mail: (order: WireOrder) => OrderMailRequest;
}

export class OrderActions {
  constructor(private readonly d: OrderActionDeps) {}

  /**
   * Records the payment of an unpaid (NOT_PAID or PENDING) order: PAID, with the date.
   * @throws DomainError ORDER_NOT_FOUND, ORDER_ALREADY_PAID, ORDER_CANCELED
   */
  markAsPaid(id: string, who: EventIdentity): Promise<WireOrder> {
    return this.change(id, who, async (trx, row) => {
      if (row.payment_status === 'PAID') throw new DomainError(CheckoutErrors.ORDER_ALREADY_PAID, { orderId: row.id });
      if (row.status === 'CANCELED') throw new DomainError(CheckoutErrors.ORDER_CANCELED, { orderId: row.id });
      const now = new Date();
      const paid = await store.updateOrder(trx, row.id, { payment_status: 'PAID', paid_date: now }, now);
      return { row: paid, type: 'order.updated', mail: (order) => ({ kind: 'payment-received', order }) };
    });
  }

  /**
   * Records that the order went to its buyer: FULFILLED, with the date and the parcel's tracking.
   * @throws DomainError ORDER_NOT_FOUND, ORDER_ALREADY_FULFILLED, ORDER_CANCELED
   */
  fulfill(id: string, tracking: Pick<FulfillOrderBody, 'trackingNumber' | 'trackingUrl'>, who: EventIdentity): Promise<WireOrder> {
    return this.change(id, who, async (trx, row) => {
      if (row.fulfillment_status === 'FULFILLED') throw new DomainError(CheckoutErrors.ORDER_ALREADY_FULFILLED, { orderId: row.id });
      if (row.status === 'CANCELED') throw new DomainError(CheckoutErrors.ORDER_CANCELED, { orderId: row.id });
      const now = new Date();
      const values = {
        fulfillment_status: 'FULFILLED' as const,
        fulfilled_date: now,
        tracking_number: tracking.trackingNumber ?? null,
        tracking_url: tracking.trackingUrl ?? null,
      };
      const fulfilled = await store.updateOrder(trx, row.id, values, now);
      // Today an order ships whole, in one parcel: the fulfilment is all of its lines.
      const shipped = (order: WireOrder): OrderMailRequest => ({
        kind: 'shipped',
        order,
        fulfilment: {
          ...(values.tracking_number ? { trackingNumber: values.tracking_number } : {}),
          ...(values.tracking_url ? { trackingUrl: values.tracking_url } : {}),
          lines: order.lineItems.map((l) => ({ name: l.name, quantity: l.quantity })),
        },
      });
      return { row: fulfilled, type: 'order.updated', mail: shipped };
    });
  }

  /**
   * Cancels an order not yet fulfilled: CANCELED, with the date and the reason, and the stock it
   * took given back to the products and variants.
   * @throws DomainError ORDER_NOT_FOUND, ORDER_ALREADY_CANCELED, ORDER_FULFILLED
   */
  cancel(id: string, o: Pick<CancelOrderBody, 'reason'>, who: EventIdentity): Promise<WireOrder> {
    return this.change(id, who, async (trx, row) => {
      if (row.status === 'CANCELED') throw new DomainError(CheckoutErrors.ORDER_ALREADY_CANCELED, { orderId: row.id });
      if (row.fulfillment_status === 'FULFILLED') throw new DomainError(CheckoutErrors.ORDER_FULFILLED, { orderId: row.id });
      const now = new Date();
      const values = { status: 'CANCELED' as const, canceled_date: now, cancel_reason: o.reason ?? null };
      const canceled = await store.updateOrder(trx, row.id, values, now);
      await this.d.stock.release(trx, takenStock(row), who);
      const reason = o.reason ?? undefined;
      return { row: canceled, type: 'order.canceled', mail: (order) => ({ kind: 'cancelled', order, reason }) };
    });
  }

  /** Runs one change of the order under its row lock, publishes its event, queues its mail and sends it after the commit. */
  private async change(id: string, who: EventIdentity, apply: (trx: Trx, row: store.OrderRow) => Promise<OrderChange>): Promise<WireOrder> {
    if (!store.isEntityId(id)) throw new DomainError(CheckoutErrors.ORDER_NOT_FOUND, { orderId: id });
    const { order, mailId } = await this.d.db.transaction().execute(async (trx) => {
      const locked = await store.lockOrder(trx, id);
      if (!locked) throw new DomainError(CheckoutErrors.ORDER_NOT_FOUND, { orderId: id });
      const { row, type, mail } = await apply(trx, locked);
      const order = toWireOrder(row, this.d.price, this.d.payments);
      await this.d.events.publish(trx, { type, entityId: row.id, entity: order, identity: who });
      return { order, mailId: await this.d.mails.enqueue(trx, mail(order)) };
    });
    await this.d.mails.sendNow([mailId]);
    return order;
  }
}
