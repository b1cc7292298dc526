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
export function membershipProblem(m: HeldMembershipRow, now: Date): string | undefined {
  if (!m.plan_active) return MEMBERSHIP_INVALID.PLAN_INACTIVE;
  if (m.expires_at && m.expires_at.getTime() <= now.getTime()) return MEMBERSHIP_INVALID.EXPIRED;
  if (m.credits_remaining !== null && m.credits_remaining <= 0) return MEMBERSHIP_INVALID.NO_CREDITS;
  return undefined;
}

export function toHeldMembership(m: HeldMembershipRow, now: Date): HeldMembership {
  const held: HeldMembership = {
    id: m.id,
    planId: m.plan_id,
    name: m.plan_name,
    scope: scopeOf(m.plan_scope, m.plan_scope_ids),
    expiresAt: m.expires_at,
    creditsRemaining: m.credits_remaining,
    creditsTotal: m.plan_credits,
  };
  const reason = membershipProblem(m, now);
  if (reason) held.invalidReason = reason;
  return held;
}
