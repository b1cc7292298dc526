/**
 * The order timeline (issue #20, point 7): every change of an order is recorded, inside the
 * transaction that makes it, with who made it and when. Placement and the merchant's actions call
 * `recordOrderActivity`; so do later actions (refunds, each fulfilment) with their own kinds.
 */
import type { OrderActivityKind } from '@vitrine/sdk';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { EventIdentity } from '../events/event-identity.js';
import { insertOrderActivity, type OrderActivityRow } from './order-activity-store.js';
import type { WireOrderActivity } from './timeline-schemas.js';

export type { WireOrderActivity };

/** Who acts when no caller does (mail sent after commit, a claim at sign-in). */
export const SYSTEM: EventIdentity = { identityType: 'UNKNOWN' };

/** One change of an order, as `recordOrderActivity` takes it. */
export interface OrderActivityInput {
  orderId: string;
  kind: OrderActivityKind;
  /** the event identity of whoever made the change (`identityOf(caller)`, the buyer, `SYSTEM`) */
  who: EventIdentity;
  /** what came with the change (tracking, reason, an e-mail's subject): JSON, shown to the merchant */
  detail?: Record<string, unknown>;
  /** a NOTE's text */
  note?: string;
}

/**
 * Records one change of an order in its timeline. Call it inside the transaction that makes the
 * change (the entry exists iff the change committed); after a commit (an e-mail sent), with the db.
 * @example await recordOrderActivity(trx, { orderId: row.id, kind: 'PAID', who: identityOf(caller) });
 */
export async function recordOrderActivity(trx: Kysely<Database>, activity: OrderActivityInput): Promise<WireOrderActivity> {
  const row = await insertOrderActivity(trx, {
    order_id: activity.orderId,
    kind: activity.kind,
    who: JSON.stringify(activity.who),
    detail: JSON.stringify(activity.detail ?? {}),
    note: activity.note ?? null,
  });
  return toWireActivity(row);
}

/** The one mapping of a timeline row to the wire. */
export function toWireActivity(row: OrderActivityRow): WireOrderActivity {
  return {
    id: row.id,
    kind: row.kind,
    who: row.who as unknown as EventIdentity,
    createdDate: row.created_date.toISOString(),
    detail: row.detail,
    ...(row.note !== null ? { note: row.note } : {}),
    ...(row.removed_date
      ? { removed: { removedDate: row.removed_date.toISOString(), who: (row.removed_by ?? SYSTEM) as unknown as EventIdentity } }
      : {}),
  };
}
