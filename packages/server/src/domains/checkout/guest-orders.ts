/**
 * Guest orders follow the e-mail (issue #20, point 4): when a member proves an e-mail address (signs
 * in or registers with it verified), the orders placed as a guest with that address become the
 * member's. Never for an unverified address: anyone can register with someone else's. One UPDATE of
 * the unclaimed orders: a second claim (or one running at once) finds nothing left to take.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import type { EventPublisher } from '../events/publisher.js';
import { recordOrderActivity } from './order-activity.js';
import { type PriceFormat, toWireOrder } from './order-view.js';
import type { PaymentProviderSource } from './payments.js';
import * as store from './store.js';

export interface GuestOrderDeps {
  db: Kysely<Database>;
  events: Pick<EventPublisher, 'publish'>;
  price: PriceFormat;
  payments: PaymentProviderSource;
}

export class GuestOrders {
  constructor(private readonly deps: GuestOrderDeps) {}

  /** Gives the member the guest orders placed with its verified e-mail (each: a CLAIMED entry, `order.updated`); answers how many it gave. */
  async claim(member: { memberId: string; email: string; emailVerified: boolean }): Promise<number> {
    if (!member.emailVerified) return 0;
    // Read before the transaction: nothing inside one may query the root database (PGlite's one connection).
    const payments = await this.deps.payments.providers();
    return transaction(this.deps.db, async (trx) => {
      const rows = await store.claimGuestOrders(trx, member.memberId, member.email);
      const who = { identityType: 'MEMBER' as const, memberId: member.memberId };
      for (const row of rows) {
        await recordOrderActivity(trx, { orderId: row.id, kind: 'CLAIMED', who });
        const order = toWireOrder(row, this.deps.price, payments);
        await this.deps.events.publish(trx, { type: 'order.updated', entityId: row.id, entity: order, identity: who });
      }
      return rows.length;
    });
  }
}
