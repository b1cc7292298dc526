import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { CouponRule, ShippingRate, TaxMode, TaxRateRule } from './totals/model.js';

/** An address as the wire carries it (spec §3 Address); only the fields pricing looks at. */
export interface PricingAddress {
  /** ISO 3166-1 alpha-2 */
  country?: string | null;
  /** ISO 3166-2 (US-NY) */
  subdivision?: string | null;
  city?: string | null;
  postalCode?: string | null;
  county?: string | null;
}

/** A membership a member holds, with whether it can pay now. */
export interface HeldMembership {
  id: string;
  planId: string;
  name: string;
  scope: CouponRule['scope'];
  expiresAt: Date | null;
  /** units it can still pay for; null: unlimited */
  creditsRemaining: number | null;
  creditsTotal: number | null;
  /** why it cannot be used (expired, no credits left, plan inactive), or undefined when it can */
  invalidReason?: string;
}

/**
 * What the cart asks of the merchant's pricing configuration (implemented by the pricing domain's
 * service). Reads only: the cart calls these before opening its own transaction, except where a
 * method takes the transaction itself.
 */
export interface PricingPort {
  /** The tax settings; `recent`: a copy up to a second old will do (answers that charge nothing). */
  settings(options?: { recent?: boolean }): Promise<{ taxIncludedInPrices: boolean; taxShipping: boolean; taxMode: TaxMode }>;
  /**
   * The coupon a shopper typed, if it can be applied now (active, started, not expired, usage left,
   * and within the per-customer limit for `customer` (member id or e-mail) when given).
   * @throws DomainError COUPON_NOT_FOUND, COUPON_NOT_ACTIVE, COUPON_EXPIRED, COUPON_USAGE_EXCEEDED
   */
  couponForCode(code: string, customer?: { memberId?: string; email?: string }): Promise<CouponRule>;
  /**
   * A coupon already on a cart, or undefined when it no longer applies (deleted, expired, used up, inactive).
   * `ex`: the cart's open transaction, so a write can read it without a second connection.
   */
  couponById(id: string, customer?: { memberId?: string; email?: string }, db?: Kysely<Database>): Promise<CouponRule | undefined>;
  /**
   * The options of the region the address falls in (rest of world when no region names its country).
   * `recent`: configuration up to a second old will do (answers that charge nothing).
   */
  shippingOptionsFor(address: PricingAddress, options?: { recent?: boolean }): Promise<ShippingRate[]>;
  /**
   * Every manual rate whose place contains the address, broadest first (country, state, county, city, special).
   * `recent`: configuration up to a second old will do (answers that charge nothing).
   */
  taxRatesFor(address: PricingAddress, options?: { recent?: boolean }): Promise<TaxRateRule[]>;
  /** The memberships a member holds (expired and used-up ones too, with their reason). */
  membershipsOf(memberId: string): Promise<HeldMembership[]>;
}
