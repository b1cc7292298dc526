/**
 * Which cart a caller's "current cart" is: a visitor's own, a member's own (its visitor's cart
 * merged in on first use), the shopper's a merchant acts for. A merchant without a shopper has no
 * current cart; callers without valid credentials have none either.
 */
import { AuthErrors, type Caller } from '../../platform/caller.js';
import { DomainError } from '../../platform/errors.js';
import type { AddToCartBody } from './schemas.js';
import type { CartOwner, CartRow } from './store.js';

/** The cart's owner, whether the caller has merchant rights on it, and the visitor cart to merge in. */
export interface CartAccess {
  owner: CartOwner;
  /** merchant callers (API key with a shopper token) may set prices: custom lines, merchant discounts */
  merchant: boolean;
  /** a member's visitor, whose cart (if any) is merged into the member's before anything else */
  linkedVisitorId?: string;
  /** the idempotency scope's owner: `visitor:<id>` | `member:<id>` */
  key: string;
}

/**
 * The cart a caller acts on.
 * @throws DomainError UNAUTHENTICATED (anonymous, invalid), PERMISSION_DENIED (merchant without a shopper token)
 */
export function accessOf(caller: Caller | { kind: 'invalid' }): CartAccess {
  if (caller.kind === 'merchant') {
    const shopper = caller.shopper;
    if (!shopper || (shopper.kind !== 'visitor' && shopper.kind !== 'member')) {
      throw new DomainError(AuthErrors.PERMISSION_DENIED, {}, 'A merchant has no current cart: send the shopper token with the API key');
    }
    return { ...accessOf(shopper), merchant: true };
  }
  if (caller.kind === 'visitor') {
    return { owner: { kind: 'visitor', visitorId: caller.visitorId }, merchant: false, key: `visitor:${caller.visitorId}` };
  }
  if (caller.kind === 'member') {
    return {
      owner: { kind: 'member', memberId: caller.memberId },
      merchant: false,
      linkedVisitorId: caller.visitorId,
      key: `member:${caller.memberId}`,
    };
  }
  throw new DomainError(AuthErrors.UNAUTHENTICATED);
}

/** The access of a cart's own owner (its member, else its visitor): for work on a cart no caller names, such as an order placed from it. */
export function accessOfCart(cart: Pick<CartRow, 'member_id' | 'visitor_id'>): CartAccess {
  if (cart.member_id) return { owner: { kind: 'member', memberId: cart.member_id }, merchant: false, key: `member:${cart.member_id}` };
  const visitorId = cart.visitor_id as string;
  return { owner: { kind: 'visitor', visitorId }, merchant: false, key: `visitor:${visitorId}` };
}

/**
 * Refuses fields only merchants may send (a shopper must never set a price).
 * @throws DomainError PERMISSION_DENIED
 */
export function requireMerchantFor(access: CartAccess, fields: string[]): void {
  if (!access.merchant && fields.length) {
    throw new DomainError(AuthErrors.PERMISSION_DENIED, { fields }, `Only merchant callers may set ${fields.join(', ')}`);
  }
}

/** The fields of an add or update only merchants may send. */
export function merchantFieldsOf(body: AddToCartBody): string[] {
  const fields: string[] = [];
  if (body.customLineItems !== undefined) fields.push('customLineItems');
  if (body.lineItems?.some((lineItem) => lineItem.catalogOverrideFields)) fields.push('lineItems.catalogOverrideFields');
  return fields;
}

/** Whom per-customer coupon limits count: the member, or the cart's e-mail. */
export function customerOf(access: CartAccess, email: string | undefined) {
  return { ...(access.owner.kind === 'member' ? { memberId: access.owner.memberId } : {}), ...(email ? { email } : {}) };
}
