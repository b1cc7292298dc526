/**
 * The merchant's order actions (issue #7, the console's orders): mark as paid, fulfil, cancel. Each
 * is one transaction holding the order's row lock (two merchants acting at once: the second sees the
 * first's result, nothing is lost), moves updatedDate and publishes `order.updated` or
 * `order.canceled` with the order as the wire shows it. Cancelling gives back the stock placement
 * took, in the same transaction: the lock and the status check make that happen exactly once.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import type { StockTake } from '../catalog/stock.js';
import type { EventIdentity } from '../events/event-identity.js';
import type { EventPublisher } from '../events/publisher.js';
import { CheckoutErrors } from './errors.js';
import type { OrderLine } from './order-record.js';
import { type PriceFormat, toWireOrder } from './order-view.js';
import type { PaymentProviderSource } from './payments.js';
import type { StockPort } from './placement.js';
import type { CancelOrderBody, FulfillOrderBody, WireOrder } from './schemas.js';
import * as store from './store.js';

type Trx = Transaction<Database>;

export interface OrderActionDeps {
  db: Kysely<Database>;
  stock: Pick<StockPort, 'release'>;
  events: Pick<EventPublisher, 'publish'>;
  price: PriceFormat;
  payments: PaymentProviderSource;
}

/** What placement took of an order's stock: as recorded, or (orders placed before migration 0010) its catalogue lines. */
export function takenStock(row: Pick<store.OrderRow, 'reserved_stock' | 'line_items'>): StockTake[] {
  if (row.reserved_stock) return row.reserved_stock as unknown as StockTake[];
  return (row.line_items as unknown as OrderLine[])
    .filter((l) => !l.custom && l.productId)
    .map((l) => ({ productId: l.productId as string, ...(l.variantId ? { variantId: l.variantId } : {}), quantity: l.quantity }));
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
      return { row: await store.updateOrder(trx, row.id, { payment_status: 'PAID', paid_date: now }, now), type: 'order.updated' };
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
      return { row: await store.updateOrder(trx, row.id, values, now), type: 'order.updated' };
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
      return { row: canceled, type: 'order.canceled' };
    });
  }

  /** Runs one change of the order under its row lock and publishes its event. */
  private async change(
    id: string,
    who: EventIdentity,
    apply: (trx: Trx, row: store.OrderRow) => Promise<{ row: store.OrderRow; type: 'order.updated' | 'order.canceled' }>,
  ): Promise<WireOrder> {
    if (!store.isEntityId(id)) throw new DomainError(CheckoutErrors.ORDER_NOT_FOUND, { orderId: id });
    // Read before the transaction: nothing inside one may query the root database (PGlite's one connection).
    const payments = await this.d.payments.providers();
    return this.d.db.transaction().execute(async (trx) => {
      const locked = await store.lockOrder(trx, id);
      if (!locked) throw new DomainError(CheckoutErrors.ORDER_NOT_FOUND, { orderId: id });
      const { row, type } = await apply(trx, locked);
      const order = toWireOrder(row, this.d.price, payments);
      await this.d.events.publish(trx, { type, entityId: row.id, entity: order, identity: who });
      return order;
    });
  }
}
