/**
 * The merchant's view of an order's timeline (issue #20, point 7) and its internal notes: read,
 * add, remove. Notes are the merchant's only: no buyer's read of the order carries them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { DomainError } from '../../platform/errors.js';
import type { EventIdentity } from '../events/event-identity.js';
import { CheckoutErrors } from './errors.js';
import { recordOrderActivity, toWireActivity, type WireOrderActivity } from './order-activity.js';
import { listOrderActivities, removeOrderNote } from './order-activity-store.js';
import * as store from './store.js';

export class OrderTimeline {
  constructor(private readonly deps: { db: Kysely<Database> }) {}

  /** The order's timeline, newest first. @throws DomainError ORDER_NOT_FOUND */
  async list(orderId: string): Promise<{ activities: WireOrderActivity[] }> {
    await this.requireOrder(this.deps.db, orderId);
    return { activities: (await listOrderActivities(this.deps.db, orderId)).map(toWireActivity) };
  }

  /** Adds an internal note to the order. @throws DomainError ORDER_NOT_FOUND */
  addNote(orderId: string, text: string, who: EventIdentity): Promise<WireOrderActivity> {
    return transaction(this.deps.db, async (trx) => {
      // Locked: a note is never added to an order being deleted meanwhile (its row would be orphaned).
      if (!store.isEntityId(orderId) || !(await store.lockOrder(trx, orderId)))
        throw new DomainError(CheckoutErrors.ORDER_NOT_FOUND, { orderId });
      return recordOrderActivity(trx, { orderId, kind: 'NOTE', who, note: text });
    });
  }

  /**
   * Removes a note's text; the timeline keeps that there was one, who removed it and when.
   * @throws DomainError ORDER_NOT_FOUND, ORDER_NOTE_NOT_FOUND (unknown, another order's, or removed already)
   */
  async removeNote(orderId: string, noteId: string, who: EventIdentity): Promise<WireOrderActivity> {
    await this.requireOrder(this.deps.db, orderId);
    const row = store.isEntityId(noteId) ? await removeOrderNote(this.deps.db, orderId, noteId, JSON.stringify(who)) : undefined;
    if (!row) throw new DomainError(CheckoutErrors.ORDER_NOTE_NOT_FOUND, { orderId, noteId });
    return toWireActivity(row);
  }

  private async requireOrder(db: Kysely<Database>, orderId: string): Promise<void> {
    if (!store.isEntityId(orderId) || !(await store.findOrder(db, orderId)))
      throw new DomainError(CheckoutErrors.ORDER_NOT_FOUND, { orderId });
  }
}
