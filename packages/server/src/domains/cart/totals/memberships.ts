/**
 * Which memberships a member can pay with in this cart, and which lines the selected ones pay for.
 * A membership is eligible when it is valid (not expired, credits left, plan active: the pricing side
 * says why not) and covers at least one catalogue line: in its plan's scope, with credits for the
 * line's whole quantity. A selected membership pays for its lines in cart order while its credits
 * last; a line is paid by one membership at most.
 */
import type { HeldMembership } from '../pricing-port.js';
import type { PricedLine } from './model.js';
import { inScope } from './scope.js';

/** A membership the member holds, as the estimate shows it. */
export interface MembershipView {
  id: string;
  planId: string;
  name: string;
  /** the cart lines it can pay for (empty for an invalid one) */
  lineItemIds: string[];
  credits?: { total: number; remaining: number };
  expiresAt: Date | null;
}

/** The estimate's membership options: what can pay, what cannot and why, what was chosen. */
export interface MembershipChoice {
  eligible: MembershipView[];
  invalid: { membership: MembershipView; reason: string }[];
  /** the selected eligible memberships with the lines each actually pays for */
  selected: { id: string; lineItemIds: string[] }[];
}

/** A selection from the buyer: a membership and, optionally, the lines it should pay for. */
export interface MembershipSelection {
  id: string;
  lineItemIds?: string[];
}

/** No memberships (visitors, members without any). */
export const NO_MEMBERSHIPS: MembershipChoice = { eligible: [], invalid: [], selected: [] };

/** Sorts the held memberships into eligible and invalid ones for these lines. */
export function classifyMemberships(held: HeldMembership[], lines: PricedLine[]): Omit<MembershipChoice, 'selected'> {
  const out: Omit<MembershipChoice, 'selected'> = { eligible: [], invalid: [] };
  for (const m of held) {
    const covered = m.invalidReason ? [] : lines.filter((l) => covers(m, l)).map((l) => l.id);
    const view = viewOf(m, covered);
    if (m.invalidReason) out.invalid.push({ membership: view, reason: m.invalidReason });
    else if (covered.length === 0) out.invalid.push({ membership: view, reason: 'The membership does not cover any item in the cart' });
    else out.eligible.push(view);
  }
  return out;
}

/**
 * Marks the lines the selected eligible memberships pay for (`paidByMembership`, new line objects) and
 * says which lines each pays for. Selections of memberships that are not eligible are ignored.
 */
export function applySelections(
  lines: PricedLine[],
  held: HeldMembership[],
  eligible: MembershipView[],
  selections: MembershipSelection[],
): { lines: PricedLine[]; selected: MembershipChoice['selected'] } {
  const paid = new Set<string>();
  const selected: MembershipChoice['selected'] = [];
  for (const selection of selections) {
    const view = eligible.find((e) => e.id === selection.id);
    const m = held.find((h) => h.id === selection.id);
    if (!view || !m || selected.some((x) => x.id === selection.id)) continue;
    const wanted = new Set(selection.lineItemIds?.length ? selection.lineItemIds : view.lineItemIds);
    let credits = m.creditsRemaining;
    const paysFor: string[] = [];
    for (const l of lines) {
      if (paid.has(l.id) || !wanted.has(l.id) || !view.lineItemIds.includes(l.id)) continue;
      if (credits !== null && credits < l.quantity) continue;
      if (credits !== null) credits -= l.quantity;
      paid.add(l.id);
      paysFor.push(l.id);
    }
    if (paysFor.length) selected.push({ id: selection.id, lineItemIds: paysFor });
  }
  return { lines: lines.map((l) => (paid.has(l.id) ? { ...l, paidByMembership: true } : l)), selected };
}

/** In the plan's scope (catalogue lines only: a merchant's custom line is never a plan's item) with credits for its quantity. */
function covers(m: HeldMembership, l: PricedLine): boolean {
  if (l.productId === undefined || !inScope(l, m.scope)) return false;
  return m.creditsRemaining === null || m.creditsRemaining >= l.quantity;
}

function viewOf(m: HeldMembership, lineItemIds: string[]): MembershipView {
  const v: MembershipView = { id: m.id, planId: m.planId, name: m.name, lineItemIds, expiresAt: m.expiresAt };
  if (m.creditsTotal !== null && m.creditsRemaining !== null) v.credits = { total: m.creditsTotal, remaining: m.creditsRemaining };
  return v;
}
