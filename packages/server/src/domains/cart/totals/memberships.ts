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
  for (const membership of held) {
    const covered = membership.invalidReason ? [] : lines.filter((line) => covers(membership, line)).map((line) => line.id);
    const view = viewOf(membership, covered);
    if (membership.invalidReason) out.invalid.push({ membership: view, reason: membership.invalidReason });
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
    const view = eligible.find((candidate) => candidate.id === selection.id);
    const membership = held.find((heldMembership) => heldMembership.id === selection.id);
    if (!view || !membership || selected.some((chosen) => chosen.id === selection.id)) continue;
    const wanted = new Set(selection.lineItemIds?.length ? selection.lineItemIds : view.lineItemIds);
    let credits = membership.creditsRemaining;
    const paysFor: string[] = [];
    for (const line of lines) {
      if (paid.has(line.id) || !wanted.has(line.id) || !view.lineItemIds.includes(line.id)) continue;
      if (credits !== null && credits < line.quantity) continue;
      if (credits !== null) credits -= line.quantity;
      paid.add(line.id);
      paysFor.push(line.id);
    }
    if (paysFor.length) selected.push({ id: selection.id, lineItemIds: paysFor });
  }
  return { lines: lines.map((line) => (paid.has(line.id) ? { ...line, paidByMembership: true } : line)), selected };
}

/** In the plan's scope (catalogue lines only: a merchant's custom line is never a plan's item) with credits for its quantity. */
function covers(membership: HeldMembership, line: PricedLine): boolean {
  if (line.productId === undefined || !inScope(line, membership.scope)) return false;
  return membership.creditsRemaining === null || membership.creditsRemaining >= line.quantity;
}

function viewOf(membership: HeldMembership, lineItemIds: string[]): MembershipView {
  const view: MembershipView = {
    id: membership.id,
    planId: membership.planId,
    name: membership.name,
    lineItemIds,
    expiresAt: membership.expiresAt,
  };
  if (membership.creditsTotal !== null && membership.creditsRemaining !== null)
    view.credits = { total: membership.creditsTotal, remaining: membership.creditsRemaining };
  return view;
}
