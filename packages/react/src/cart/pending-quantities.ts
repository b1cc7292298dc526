/**
 * The quantity changes the shopper made that the server has not confirmed yet, per query client.
 * The cached cart is always "the last server cart with these quantities applied": quantities only,
 * never money (totals stay as the server last computed them until it answers, spec STYLE "optimistic UI").
 */

import type { QueryClient } from '@tanstack/react-query';
import type { Cart } from '@vitrine/sdk';

interface Pending {
  quantity: number;
  /** the click that asked for it: only the newest click of a line is sent */
  seq: number;
}

export interface PendingQuantities {
  /** line item id → newest unconfirmed quantity */
  readonly lines: Map<string, Pending>;
  /** the last cart the server answered (what a rollback returns to) */
  base: Cart | null | undefined;
  seq: number;
}

// Per query client, so two providers (or two tests) never share unconfirmed clicks.
const byClient = new WeakMap<QueryClient, PendingQuantities>();

export function pendingOf(queryClient: QueryClient): PendingQuantities {
  const known = byClient.get(queryClient);
  if (known) return known;
  const p: PendingQuantities = { lines: new Map(), base: undefined, seq: 0 };
  byClient.set(queryClient, p);
  return p;
}

/** `cart` with the pending quantities applied (a quantity of 0 hides the line); money fields untouched. */
export function withPending(cart: Cart | null | undefined, p: PendingQuantities): Cart | null | undefined {
  if (!cart || !p.lines.size) return cart;
  const lineItems = (cart.lineItems ?? []).flatMap((line) => {
    const pending = line._id ? p.lines.get(line._id) : undefined;
    if (!pending) return [line];
    return pending.quantity > 0 ? [{ ...line, quantity: pending.quantity }] : [];
  });
  return { ...cart, lineItems };
}
