/**
 * The buyer's mails about an order (issue #20): queued in the outbox inside the transaction of the
 * change that causes them, sent right after its commit by this process and retried by the outbox's
 * sender until delivered.
 */
import type { Transaction } from 'kysely';
import type { MailDataOf, MailShop, OrderMailData, OrderMailKind } from '../../mails/mail-data.js';
import { orderMailSubject, type RenderedMail, renderOrderMail } from '../../mails/render-mail.js';
import type { Database } from '../../platform/db/schema.js';
import type { MailComposer } from '../../platform/mail/mail-sender.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { insertOutboxMail } from '../../platform/mail/outbox-store.js';
import { mailOrderOf, pickupOf } from './mails.js';
import type { WireOrder } from './schemas.js';

/** The shop as its mails name it and the sender they come from (the shop's settings at each mail). */
export interface ShopMailIdentity {
  current(): Promise<MailShop & { from: string }>;
}

/** Where the buyer reads an order (an absolute https URL of the shop). */
export type OrderLink = (order: WireOrder) => string;

/**
 * A mail to queue about an order, by kind, with what that kind says beyond the order: the mail's data
 * (`OrderMailData`) with the order as the wire shows it, e.g. `{ kind: 'refunded', order, refund: { amount: '$8.00', reason } }`.
 */
export type OrderMailRequest = { [K in OrderMailKind]: Omit<MailDataOf<K>, 'order'> & { kind: K; order: WireOrder } }[OrderMailKind];

/** Something that sends queued mails now (the outbox's `MailSender`). */
export interface SendNow {
  sendNow(ids: string[]): Promise<unknown>;
}

export class OrderMails {
  constructor(private readonly deps: { orderLink: OrderLink; sender: SendNow }) {}

  /**
   * Queues the mail in `trx` (it exists exactly when the change commits); answers its outbox id, for
   * `sendNow` after the commit.
   * @example const mailId = await mails.enqueue(trx, { kind: 'cancelled', order, reason: 'Out of stock' });
   */
  async enqueue(trx: Transaction<Database>, request: OrderMailRequest): Promise<string> {
    const data = this.dataOf(request);
    const { id } = await insertOutboxMail(trx, { kind: data.kind, to: request.order.buyerInfo.email, subjectId: request.order.id, data });
    return id;
  }

  /** Sends queued mails now (call it after the commit); a failed send is recorded and retried by the sender, never thrown. */
  async sendNow(ids: string[]): Promise<void> {
    await this.deps.sender.sendNow(ids);
  }

  /** The template data of a request: the order as mails show it, with its link. */
  dataOf(request: OrderMailRequest): OrderMailData {
    const order = mailOrderOf(request.order, this.deps.orderLink(request.order));
    switch (request.kind) {
      case 'shipped': {
        const pickup = pickupOf(request.order);
        return { kind: request.kind, order, fulfilment: { ...request.fulfilment, ...(pickup ? { pickup } : {}) } };
      }
      case 'cancelled':
        return { kind: request.kind, order, ...(request.reason ? { reason: request.reason } : {}) };
      case 'refunded':
        return { kind: request.kind, order, refund: request.refund };
      default:
        return { kind: request.kind, order };
    }
  }
}

/** Renders queued order mails when they are sent, with the shop's name, zone, contact and sender as they are then. */
export class OrderMailComposer implements MailComposer {
  constructor(private readonly identity: ShopMailIdentity) {}

  async compose(_kind: string, data: unknown, to: string): Promise<Mail> {
    const { from, ...shop } = await this.identity.current();
    const replyTo = shop.contactEmail ? { replyTo: shop.contactEmail } : {};
    return { to, from, ...replyTo, ...renderOrderMail(data as OrderMailData, shop) };
  }

  /** The mail as it would be sent now (the console's preview). */
  async render(data: OrderMailData): Promise<RenderedMail> {
    return renderOrderMail(data, await this.identity.current());
  }

  /** The subjects of queued mails' data, as they would be sent now (the outbox's list). */
  async subjects(data: OrderMailData[]): Promise<string[]> {
    const shop = await this.identity.current();
    return data.map((mail) => orderMailSubject(mail, shop));
  }
}
