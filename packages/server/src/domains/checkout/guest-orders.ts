/**
 * Guest orders follow the e-mail (issue #20, point 4): when a member proves an e-mail address (signs
 * in or registers with it verified), the orders placed as a guest with that address become the
 * member's. Never for an unverified address: anyone can register with someone else's. One UPDATE of
 * the unclaimed orders: a second claim (or one running at once) finds nothing left to take.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { recordOrderActivity } from './order-activity.js';
import * as store from './store.js';

export class GuestOrders {
  constructor(private readonly d: { db: Kysely<Database> }) {}

  /** Gives the member the guest orders placed with its verified e-mail; answers how many it gave. */
  async claim(member: { memberId: string; email: string; emailVerified: boolean }): Promise<number> {
    if (!member.emailVerified) return 0;
    return this.d.db.transaction().execute(async (trx) => {
      const ids = await store.claimGuestOrders(trx, member.memberId, member.email);
      const who = { identityType: 'MEMBER' as const, memberId: member.memberId };
      for (const orderId of ids) await recordOrderActivity(trx, { orderId, kind: 'CLAIMED', who });
      return ids.length;
    });
  }
}
