import type { CouponScope } from './coupons.js';

/** A plan members can pay eligible items with (Vitrine's merchant settings; the spec has no such entity). */
export interface MembershipPlan {
  _id?: string;
  /** what the buyer sees */
  name?: string;
  /** which lines it pays for: the same choice as a coupon's */
  scope?: CouponScope;
  /** PRODUCTS or COLLECTIONS: their ids */
  scopeIds?: string[];
  /** units a membership of the plan pays for in total; null: unlimited */
  credits?: number | null;
  /** off: its memberships cannot pay */
  active?: boolean;
  _createdDate?: Date;
}

/** A plan granted to a member, and whether it can pay now. */
export interface GrantedMembership {
  _id?: string;
  planId?: string;
  planName?: string;
  memberId?: string;
  memberEmail?: string;
  /** the plan's scope */
  scope?: CouponScope;
  scopeIds?: string[];
  /** none: never expires */
  expiresAt?: Date | null;
  /** units it can still pay for; null: unlimited */
  creditsRemaining?: number | null;
  /** the plan's credits; null: unlimited */
  creditsTotal?: number | null;
  _createdDate?: Date;
  /** it can pay now */
  valid?: boolean;
  /** why it cannot (expired, no credits left, plan inactive) */
  invalidReason?: string | null;
}

/** What `memberships.grantMembership` sends: the plan, the member (by id or by e-mail, one of them), the terms. */
export interface MembershipGrant {
  planId: string;
  memberId?: string;
  /** the member's e-mail, matched without regard to case */
  memberEmail?: string;
  /** null or absent: never expires */
  expiresAt?: Date | null;
  /** units it can pay for; absent: the plan's credits; null: unlimited */
  credits?: number | null;
}

/** Options of `memberships.listMemberships`: a member (by id or e-mail), a plan, or both. */
export interface ListMembershipsOptions {
  memberId?: string;
  memberEmail?: string;
  planId?: string;
  /** items per page (1–200, default 50) */
  limit?: number;
  offset?: number;
}

/** Answer of `memberships.listMemberships`, oldest first. */
export interface ListMembershipsResponse {
  memberships?: GrantedMembership[];
  pagingMetadata?: { count?: number; offset?: number; total?: number };
}
