/** Whether a membership a member holds can pay now, and how the cart sees it. */
import type { HeldMembership } from '../cart/pricing-port.js';
import { scopeOf } from './coupon-rules.js';
import type { HeldMembershipRow } from './store.js';

/** Reasons shown to the buyer for a membership that cannot be used. */
const MEMBERSHIP_INVALID = {
  EXPIRED: 'The membership has expired',
  NO_CREDITS: 'The membership has no credits left',
  PLAN_INACTIVE: 'The membership plan is no longer offered',
} as const;

/** Why the membership cannot pay at `now`, or undefined when it can. */
export function membershipProblem(membership: HeldMembershipRow, now: Date): string | undefined {
  if (!membership.plan_active) return MEMBERSHIP_INVALID.PLAN_INACTIVE;
  if (membership.expires_at && membership.expires_at.getTime() <= now.getTime()) return MEMBERSHIP_INVALID.EXPIRED;
  if (membership.credits_remaining !== null && membership.credits_remaining <= 0) return MEMBERSHIP_INVALID.NO_CREDITS;
  return undefined;
}

export function toHeldMembership(membership: HeldMembershipRow, now: Date): HeldMembership {
  const held: HeldMembership = {
    id: membership.id,
    planId: membership.plan_id,
    name: membership.plan_name,
    scope: scopeOf(membership.plan_scope, membership.plan_scope_ids),
    expiresAt: membership.expires_at,
    creditsRemaining: membership.credits_remaining,
    creditsTotal: membership.plan_credits,
  };
  const reason = membershipProblem(membership, now);
  if (reason) held.invalidReason = reason;
  return held;
}
