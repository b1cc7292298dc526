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
const PLAN = /* @__PURE__ */ under('plan', { d: 'createdDate' });
const DATES = { d: 'expiresAt createdDate' };
const ONE = /* @__PURE__ */ under('membership', DATES);

export const memberships = {
  /**
   * Creates a plan; resolves to it.
   * @example await client.memberships.createMembershipPlan({ name: 'Coffee club', scope: 'COLLECTIONS', scopeIds: [coffeeId], credits: 10 });
   */
  createMembershipPlan: /* @__PURE__ */ call<(plan: MembershipPlan) => Promise<MembershipPlan>>({
    r: `POST ${BASE}/membership-plans`,
    a: [`plan{${PLAN_FIELDS}}`],
    s: PLAN,
    o: 'plan',
  }),

  /** Every plan, oldest first; resolves to the list. */
  listMembershipPlans: /* @__PURE__ */ call<() => Promise<MembershipPlan[]>>({
    r: `GET ${BASE}/membership-plans`,
    s: /* @__PURE__ */ under('plans', { d: 'createdDate' }),
    o: 'plans',
  }),

  /** One plan; resolves to it. */
  getMembershipPlan: /* @__PURE__ */ call<(_id: string) => Promise<MembershipPlan>>({
    r: `GET ${BASE}/membership-plans/{id}`,
    a: ['_id'],
    s: PLAN,
    o: 'plan',
  }),

  /** Changes the given fields of a plan (`null` credits: unlimited); resolves to it. Granted credits stay as they are. */
  updateMembershipPlan: /* @__PURE__ */ call<(_id: string, plan: Partial<MembershipPlan>) => Promise<MembershipPlan>>({
    r: `PATCH ${BASE}/membership-plans/{id}`,
    a: ['_id', `plan{${PLAN_FIELDS}}`],
    s: PLAN,
    o: 'plan',
  }),

  /** Deletes a plan and every membership of it. */
  deleteMembershipPlan: /* @__PURE__ */ call<(_id: string) => Promise<void>>({
    r: `DELETE ${BASE}/membership-plans/{id}`,
    a: ['_id'],
    o: '-',
  }),

  /**
   * Grants a plan to a member, named by id or by e-mail; resolves to the membership. An e-mail no
   * member has is refused (404 `MEMBER_NOT_FOUND`).
   * @example await client.memberships.grantMembership({ planId, memberEmail: 'ada@example.com', expiresAt: new Date('2027-01-01') });
   */
  grantMembership: /* @__PURE__ */ call<(membership: MembershipGrant) => Promise<GrantedMembership>>({
    r: `POST ${BASE}/memberships`,
    a: ['membership{planId,memberId,memberEmail,expiresAt,credits}'],
    q: { d: 'expiresAt' },
    s: ONE,
    o: 'membership',
  }),

  /** The memberships of a member (by id or e-mail) and/or of a plan, oldest first, a page at a time; resolves to `{memberships, pagingMetadata}`. */
  listMemberships: /* @__PURE__ */ call<(options: ListMembershipsOptions) => Promise<ListMembershipsResponse>>({
    r: `GET ${BASE}/memberships`,
    a: ['options{memberId,memberEmail,planId,limit,offset}'],
    s: /* @__PURE__ */ under('memberships', DATES),
  }),

  /** One membership; resolves to it. */
  getMembership: /* @__PURE__ */ call<(_id: string) => Promise<GrantedMembership>>({
    r: `GET ${BASE}/memberships/{id}`,
    a: ['_id'],
    s: ONE,
    o: 'membership',
  }),

  /** Takes a membership back: it no longer pays for anything. */
  revokeMembership: /* @__PURE__ */ call<(_id: string) => Promise<void>>({ r: `DELETE ${BASE}/memberships/{id}`, a: ['_id'], o: '-' }),
};
