/**
 * What a cart request reads before its transaction (PGlite has one connection): the tax settings
 * (a copy up to a second old, see pricing/deps.ts `PricingMemos`), how lines are paid, and for
 * requests that answer the cart as it is, the cart with its lines and its coupon's rule.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { type CartAccess, customerOf } from './owner.js';
import type { PaymentOptionsPort } from './payment-options-port.js';
import type { PricingPort } from './pricing-port.js';
import { type CartRow, findCartByOwner, type LineRow, readCartWithLines } from './store.js';
import type { CouponRule, LinePaymentOption } from './totals/model.js';

/** What a request reads before its transaction: tax style, and the coupons the answer may show. */
export interface Prepared {
  access: CartAccess;
  taxIncludedInPrices: boolean;
  /** how the lines are paid (the shop's ways to pay); absent where nothing is answered */
  linePaymentOption?: LinePaymentOption;
  coupons: Map<string, CouponRule>;
  /** the owner's cart and its lines before the transaction (for the coupon's customer; the answer of plain reads) */
  before?: { cart: CartRow; lines: LineRow[] };
  /** a member's visitor still had a cart: merge it in (checked again under its lock) */
  mergePending: boolean;
}

/** What a cart's view shows of the shop's settings. */
export type ViewSettings = Pick<Prepared, 'taxIncludedInPrices' | 'linePaymentOption'>;

export interface PreparationDeps {
  db: Kysely<Database>;
  pricing: PricingPort;
  /** how lines are paid (`paymentOption`); without it, FULL_PAYMENT_ONLINE */
  payments?: PaymentOptionsPort;
}

/** How the lines are paid now (the shop's ways to pay). */
export function linePaymentOptionOf(deps: PreparationDeps): Promise<LinePaymentOption> {
  return deps.payments?.linePaymentOption() ?? Promise.resolve('FULL_PAYMENT_ONLINE');
}

/** What a cart's view needs of the shop, read before a transaction that shows a cart written by id. */
export async function viewSettingsOf(deps: PreparationDeps): Promise<ViewSettings> {
  const [{ taxIncludedInPrices }, linePaymentOption] = await Promise.all([
    deps.pricing.settings({ recent: true }),
    linePaymentOptionOf(deps),
  ]);
  return { taxIncludedInPrices, linePaymentOption };
}

/**
 * What a write reads before its transaction: only the tax settings (remembered). The cart, its
 * coupon and a pending merge are read under the lock.
 */
export async function prepareWrite(deps: PreparationDeps, access: CartAccess): Promise<Prepared> {
  const [settings, linePaymentOption] = await Promise.all([deps.pricing.settings({ recent: true }), linePaymentOptionOf(deps)]);
  return {
    access,
    taxIncludedInPrices: settings.taxIncludedInPrices,
    linePaymentOption,
    coupons: new Map(),
    // checked (and done) under the visitor cart's lock: one query when there is nothing to merge
    mergePending: Boolean(access.linkedVisitorId),
  };
}

/** Reads, before the transaction, the cart as it is (one statement) and what the answer needs from pricing. */
export async function prepareRead(deps: PreparationDeps, access: CartAccess): Promise<Prepared> {
  const [settings, before, linePaymentOption] = await Promise.all([
    deps.pricing.settings({ recent: true }),
    readCartWithLines(deps.db, access.owner, access.linkedVisitorId),
    linePaymentOptionOf(deps),
  ]);
  const coupons = new Map<string, CouponRule>();
  const couponId = before?.cart.coupon_id;
  if (couponId) {
    const rule = await deps.pricing.couponById(couponId, customerOf(access, before.cart.email ?? undefined));
    if (rule) coupons.set(rule.id, rule);
  }
  // a member without a cart yet may still have its visitor's to take over
  const mergePending = before
    ? before.visitorCartWaiting
    : Boolean(access.linkedVisitorId && (await findCartByOwner(deps.db, { kind: 'visitor', visitorId: access.linkedVisitorId })));
  return { access, taxIncludedInPrices: settings.taxIncludedInPrices, linePaymentOption, coupons, before, mergePending };
}
