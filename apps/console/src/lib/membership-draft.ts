/**
 * The membership forms' state (strings as typed) and their conversions: a plan (name, lines, credits,
 * on or off) and a grant of a plan to a member by e-mail (expiry, credits), each checked first so
 * every problem is named by its field; and how a membership stands, in words.
 */
import type { GrantedMembership, MembershipGrant, MembershipPlan } from '@vitrine/sdk';
import { type ScopeChoice, scopeProblem } from './coupon-draft.js';
import { readLocalInput } from './local-time.js';

export interface PlanDraft extends ScopeChoice {
  name: string;
  /** empty: unlimited */
  credits: string;
  active: boolean;
}

export type PlanErrors = Partial<Record<keyof PlanDraft, string>>;

export interface GrantDraft {
  /** the plan granted (fixed on a plan's page, chosen on a member's) */
  planId: string;
  memberEmail: string;
  /** a `datetime-local` value in the merchant's time zone; empty: never */
  expiresAt: string;
  /** empty: the plan's credits (ignored when `unlimited`) */
  credits: string;
  /** no credit limit, whatever the plan's */
  unlimited: boolean;
}

export type GrantErrors = Partial<Record<keyof GrantDraft, string>>;

/** The server's limit on credits (a plan's or a grant's). */
const MAX_CREDITS = 1_000_000_000;
/** Something with an @, a dot after it and no spaces: the server checks the rest. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function planDraftOf(fieldProps?: MembershipPlan): PlanDraft {
  return {
    name: fieldProps?.name ?? '',
    scope: fieldProps?.scope ?? 'ALL',
    scopeIds: fieldProps?.scopeIds ?? [],
    credits: fieldProps?.credits == null ? '' : String(fieldProps.credits),
    active: fieldProps?.active ?? true,
  };
}

/** A whole number from `min` to the server's limit, as typed; undefined when it is not one. */
function wholeNumber(typed: string, min: number): number | undefined {
  const text = typed.trim();
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const credits = Number(text);
  return credits >= min && credits <= MAX_CREDITS ? credits : undefined;
}

/** The plan's fields to send (every one, so emptying the credits makes them unlimited), or the problems found. */
export function planOf(draft: PlanDraft): { value: MembershipPlan } | { errors: PlanErrors } {
  const errors: PlanErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'Name the plan (buyers see the name in their cart).';
  else if (name.length > 200) errors.name = 'A name has at most 200 characters.';
  const scopeIds = scopeProblem(draft.scope, draft.scopeIds);
  if (scopeIds) errors.scopeIds = scopeIds;
  const credits = draft.credits.trim() ? wholeNumber(draft.credits, 1) : null;
  if (credits === undefined) errors.credits = 'A whole number, at least 1; empty: unlimited.';
  if (Object.keys(errors).length) return { errors };
  return {
    value: {
      name,
      scope: draft.scope,
      scopeIds: draft.scope === 'ALL' ? [] : draft.scopeIds,
      credits: credits ?? null,
      active: draft.active,
    },
  };
}

export const grantDraftOf = (planId = '', memberEmail = ''): GrantDraft => ({
  planId,
  memberEmail,
  expiresAt: '',
  credits: '',
  unlimited: false,
});

/**
 * The grant to send, or the problems found. Empty credits are left out, so the membership gets the
 * plan's; unlimited sends `credits: null` (no limit even on a plan with one); an expiry must be after `now` (a membership that has already ended could never pay).
 */
export function grantOf(draft: GrantDraft, now = new Date()): { value: MembershipGrant } | { errors: GrantErrors } {
  const errors: GrantErrors = {};
  if (!draft.planId) errors.planId = 'Pick the plan to grant.';
  const memberEmail = draft.memberEmail.trim();
  if (!EMAIL.test(memberEmail)) errors.memberEmail = 'Type the member’s e-mail address, like ada@example.com.';
  const expiresAt = draft.expiresAt.trim() ? readLocalInput(draft.expiresAt) : null;
  if (expiresAt === undefined) errors.expiresAt = 'Pick a date and time.';
  else if (expiresAt && expiresAt <= now) errors.expiresAt = 'It ends in the future.';
  const credits = draft.unlimited || !draft.credits.trim() ? null : wholeNumber(draft.credits, 1);
  if (credits === undefined) errors.credits = 'A whole number, at least 1; empty: the plan’s credits.';
  if (Object.keys(errors).length) return { errors };
  const limit = draft.unlimited ? { credits: null } : typeof credits === 'number' ? { credits } : {};
  return { value: { planId: draft.planId, memberEmail, expiresAt: expiresAt ?? null, ...limit } };
}

/** Which lines a plan pays for, in words ("Every product", "3 products", "1 collection"). */
export function scopeText(plan: Pick<MembershipPlan, 'scope' | 'scopeIds'>): string {
  const count = plan.scopeIds?.length ?? 0;
  if (plan.scope === 'PRODUCTS') return `${count} ${count === 1 ? 'product' : 'products'}`;
  if (plan.scope === 'COLLECTIONS') return `${count} ${count === 1 ? 'collection' : 'collections'}`;
  return 'Every product';
}

/** Credits in words: "Unlimited", "5", or "3 of 5" left. */
export function creditsText(remaining: number | null | undefined, total?: number | null): string {
  if (remaining == null) return 'Unlimited';
  return total == null ? String(remaining) : `${remaining} of ${total}`;
}

/** Whether a membership can pay now, or the server's reason why not. */
export const membershipState = (membership: GrantedMembership): string =>
  membership.valid ? 'Usable' : (membership.invalidReason ?? 'Not usable');
