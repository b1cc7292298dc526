/**
 * `merchants`: the shop's staff (issue #24). The owner invites merchants by e-mail (the mail's link
 * lets them choose a password), lists them with the pending invites, and removes them; any merchant
 * reads who they are (`currentMerchant`). Merchant tokens only; the owner-only calls answer 403 to staff.
 */
import type { CurrentMerchant, Merchant, MerchantRole } from '../types/index.js';
import { call } from './call.js';
import { under } from './conversions.js';

const BASE = '/_api/vitrine/v1/merchants';
const DATES = { dates: 'createdDate' };

export const merchants = {
  /** The merchants and pending invites, oldest first. Owner only. */
  listMerchants: /* @__PURE__ */ call<() => Promise<Merchant[]>>({
    route: `GET ${BASE}`,
    response: /* @__PURE__ */ under('merchants', DATES),
    returns: 'merchants',
  }),

  /**
   * Invites a merchant: the e-mail's account gets the role, and a link to choose a password when it
   * has none. Owner only.
   * @example await client.merchants.inviteMerchant('sam@example.com', 'staff');
   */
  inviteMerchant: /* @__PURE__ */ call<(email: string, role: MerchantRole) => Promise<Merchant>>({
    route: `POST ${BASE}`,
    args: ['email', 'role'],
    response: /* @__PURE__ */ under('merchant', DATES),
    returns: 'merchant',
  }),

  /** Removes a merchant or revokes an invite (its link stops working). Owner only; never oneself or the last owner. */
  removeMerchant: /* @__PURE__ */ call<(_id: string) => Promise<void>>({ route: `DELETE ${BASE}/{id}`, args: ['_id'], returns: '-' }),

  /** The signed-in merchant and their role. */
  currentMerchant: /* @__PURE__ */ call<() => Promise<CurrentMerchant>>({
    route: `GET ${BASE}/me`,
    returns: 'merchant',
  }),
};
