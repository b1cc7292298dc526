/**
 * `memberships`: the merchant's membership plans and the memberships granted to members (Vitrine's
 * merchant settings API; the spec has no such calls). Merchant only: an API key or a merchant's
 * console tokens. A member's estimate then offers the memberships that can pay for its lines.
 */
import type {
  GrantedMembership,
  ListMembershipsOptions,
  ListMembershipsResponse,
  MembershipGrant,
  MembershipPlan,
} from '../types/index.js';
import { call } from './call.js';
import { under } from './conversions.js';

const BASE = '/_api/vitrine/v1';
const PLAN_FIELDS = 'name,scope,scopeIds,credits,active';
const PLAN = /* @__PURE__ */ under('plan', { dates: 'createdDate' });
const DATES = { dates: 'expiresAt createdDate' };
const ONE = /* @__PURE__ */ under('membership', DATES);

export const memberships = {
  /**
   * Creates a plan; resolves to it.
   * @example await client.memberships.createMembershipPlan({ name: 'Coffee club', scope: 'COLLECTIONS', scopeIds: [coffeeId], credits: 10 });
   */
  createMembershipPlan: /* @__PURE__ */ call<(plan: MembershipPlan) => Promise<MembershipPlan>>({
    route: `POST ${BASE}/membership-plans`,
    args: [`plan{${PLAN_FIELDS}}`],
    response: PLAN,
    returns: 'plan',
  }),

  /** Every plan, oldest first; resolves to the list. */
  listMembershipPlans: /* @__PURE__ */ call<() => Promise<MembershipPlan[]>>({
    route: `GET ${BASE}/membership-plans`,
    response: /* @__PURE__ */ under('plans', { dates: 'createdDate' }),
    returns: 'plans',
  }),

  /** One plan; resolves to it. */
  getMembershipPlan: /* @__PURE__ */ call<(_id: string) => Promise<MembershipPlan>>({
    route: `GET ${BASE}/membership-plans/{id}`,
    args: ['_id'],
    response: PLAN,
    returns: 'plan',
  }),

  /** Changes the given fields of a plan (`null` credits: unlimited); resolves to it. Granted credits stay as they are. */
  updateMembershipPlan: /* @__PURE__ */ call<(_id: string, plan: Partial<MembershipPlan>) => Promise<MembershipPlan>>({
    route: `PATCH ${BASE}/membership-plans/{id}`,
    args: ['_id', `plan{${PLAN_FIELDS}}`],
    response: PLAN,
    returns: 'plan',
  }),

  /** Deletes a plan and every membership of it. */
  deleteMembershipPlan: /* @__PURE__ */ call<(_id: string) => Promise<void>>({
    route: `DELETE ${BASE}/membership-plans/{id}`,
    args: ['_id'],
    returns: '-',
  }),

  /**
   * Grants a plan to a member, named by id or by e-mail; resolves to the membership. An e-mail no
   * member has is refused (404 `MEMBER_NOT_FOUND`).
   * @example await client.memberships.grantMembership({ planId, memberEmail: 'ada@example.com', expiresAt: new Date('2027-01-01') });
   */
  grantMembership: /* @__PURE__ */ call<(membership: MembershipGrant) => Promise<GrantedMembership>>({
    route: `POST ${BASE}/memberships`,
    args: ['membership{planId,memberId,memberEmail,expiresAt,credits}'],
    request: { dates: 'expiresAt' },
    response: ONE,
    returns: 'membership',
  }),

  /** The memberships of a member (by id or e-mail) and/or of a plan, oldest first, a page at a time; resolves to `{memberships, pagingMetadata}`. */
  listMemberships: /* @__PURE__ */ call<(options: ListMembershipsOptions) => Promise<ListMembershipsResponse>>({
    route: `GET ${BASE}/memberships`,
    args: ['options{memberId,memberEmail,planId,limit,offset}'],
    response: /* @__PURE__ */ under('memberships', DATES),
  }),

  /** One membership; resolves to it. */
  getMembership: /* @__PURE__ */ call<(_id: string) => Promise<GrantedMembership>>({
    route: `GET ${BASE}/memberships/{id}`,
    args: ['_id'],
    response: ONE,
    returns: 'membership',
  }),

  /** Takes a membership back: it no longer pays for anything. */
  revokeMembership: /* @__PURE__ */ call<(_id: string) => Promise<void>>({
    route: `DELETE ${BASE}/memberships/{id}`,
    args: ['_id'],
    returns: '-',
  }),
};
