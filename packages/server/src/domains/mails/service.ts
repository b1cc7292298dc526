/**
 * The merchant's view of the buyer's mails (issue #20): a preview of each mail for an order (the
 * newest, or a sample while the shop has none), rendered as it would be sent, and the outbox with
 * each mail's state, where a mail given up can be sent again.
 */
import type { Kysely } from 'kysely';
import type { MailOrder, OrderMailData, OrderMailKind } from '../../mails/mail-data.js';
import type { RenderedMail } from '../../mails/render-mail.js';
import type { Database, OutboxMailStatus } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import { findOutboxMail, listOutboxMails, requeueFailedMail } from '../../platform/mail/outbox-store.js';
import type { CartCaller } from '../cart/checkout-port.js';
import type { OrderMailComposer, OrderMailRequest, OrderMails } from '../checkout/order-mails.js';
import type { OrderReadService } from '../checkout/orders-service.js';
import type { WireOrder } from '../checkout/schemas.js';
import { MailErrors } from './errors.js';
import { SAMPLE_CANCEL_REASON, SAMPLE_FULFILMENT, sampleOrder, sampleRefund } from './sample-order.js';

/** A mail of the outbox as the merchant sees it. */
export interface OutboxMail {
  id: string;
  kind: string;
  to: string;
  orderId: string | null;
  subject: string;
  status: OutboxMailStatus;
  attempts: number;
  lastError: string | null;
  /** pending: when the next attempt is due */
  nextAttemptDate: Date | null;
  sentDate: Date | null;
  createdDate: Date;
}

/** A preview: the mail rendered, and the order it shows (null: the sample). */
export interface MailPreview extends RenderedMail {
  kind: OrderMailKind;
  orderId: string | null;
}

export interface MailAdminDeps {
  db: Kysely<Database>;
  orders: Pick<OrderReadService, 'find' | 'search'>;
  mails: Pick<OrderMails, 'dataOf' | 'sendNow'>;
  composer: Pick<OrderMailComposer, 'render' | 'subjects'>;
  /** the shop's public URL (the sample order's link) */
  publicUrl: string;
}

type OutboxRow = Awaited<ReturnType<typeof listOutboxMails>>[number];

export class MailAdmin {
  constructor(private readonly deps: MailAdminDeps) {}

  /**
   * The mail of `kind` for the order `orderId`, else for the merchant's newest order, else for a sample order,
   * as it would be sent now; nothing is sent or queued.
   * @throws DomainError ORDER_NOT_FOUND (an `orderId` of no order)
   */
  async preview(merchant: CartCaller, kind: OrderMailKind, orderId?: string): Promise<MailPreview> {
    const order = orderId
      ? await this.deps.orders.find(orderId)
      : (await this.deps.orders.search(merchant, { paging: { limit: 1 } })).orders[0];
    const data = order ? this.deps.mails.dataOf(requestFor(kind, order)) : sampleData(kind, sampleOrder(`${this.deps.publicUrl}/`));
    return { kind, orderId: order?.id ?? null, ...(await this.deps.composer.render(data)) };
  }

  /** The newest mails of the outbox, with their state. */
  async outbox(limit: number): Promise<OutboxMail[]> {
    const rows = await listOutboxMails(this.deps.db, limit);
    const subjects = await this.deps.composer.subjects(rows.map((row) => row.data as OrderMailData));
    return rows.map((row, i) => viewOf(row, subjects[i]));
  }

  /**
   * Queues a failed mail again and attempts it now; answers it as it stands after the attempt.
   * @throws DomainError MAIL_NOT_FOUND, MAIL_NOT_FAILED (pending or sent)
   */
  async retry(id: string): Promise<OutboxMail> {
    if (!(await requeueFailedMail(this.deps.db, id, new Date()))) {
      const found = await findOutboxMail(this.deps.db, id);
      throw new DomainError(found ? MailErrors.MAIL_NOT_FAILED : MailErrors.MAIL_NOT_FOUND, {
        mailId: id,
        ...(found ? { status: found.status } : {}),
      });
    }
    await this.deps.mails.sendNow([id]);
    const row = (await findOutboxMail(this.deps.db, id)) as OutboxRow;
    const [subject] = await this.deps.composer.subjects([row.data as OrderMailData]);
    return viewOf(row, subject);
  }
}

/** The request a preview of `kind` makes for a real order: its own tracking and reason where it has them, sample ones otherwise. */
function requestFor(kind: OrderMailKind, order: WireOrder): OrderMailRequest {
  switch (kind) {
    case 'shipped': {
      const own = order.fulfillmentInfo;
      const tracking = own ? { trackingNumber: own.trackingNumber, trackingUrl: own.trackingUrl } : SAMPLE_FULFILMENT;
      return {
        kind,
        order,
        fulfilment: { ...tracking, lines: order.lineItems.map((line) => ({ name: line.name, quantity: line.quantity })) },
      };
    }
    case 'cancelled':
      return { kind, order, reason: order.cancellation?.reason ?? SAMPLE_CANCEL_REASON };
    case 'refunded':
      return { kind, order, refund: sampleRefund(order.priceSummary.total.formattedAmount) };
    default:
      return { kind, order };
  }
}

/** The data of a preview of `kind` for the sample order. */
function sampleData(kind: OrderMailKind, order: MailOrder): OrderMailData {
  switch (kind) {
    case 'shipped':
      return {
        kind,
        order,
        fulfilment: { ...SAMPLE_FULFILMENT, lines: order.lines.map((line) => ({ name: line.name, quantity: line.quantity })) },
      };
    case 'cancelled':
      return { kind, order, reason: SAMPLE_CANCEL_REASON };
    case 'refunded':
      return { kind, order, refund: sampleRefund(order.totals[order.totals.length - 1].amount) };
    default:
      return { kind, order };
  }
}

function viewOf(row: OutboxRow, subject: string): OutboxMail {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    orderId: row.subject_id,
    subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptDate: row.status === 'pending' ? row.next_attempt_at : null,
    sentDate: row.sent_at,
    createdDate: row.created_at,
  };
}
