/**
 * The merchant's pricing configuration (coupons, shipping, tax, memberships): what the cart asks of
 * it (`PricingPort`, reads only) and the merchant's administration of it (`coupons`, `shipping`,
 * `tax`, `memberships`).
 *
 * Tax modes: MANUAL uses the merchant's rates (MANUAL_RATE, GLOBAL_SETTING_TO_MANUAL). AUTO would ask
 * an automatic tax provider, but none is built in: estimates use the manual rates as a fallback
 * (FALLBACK_RATE, AUTO_TAX_DEACTIVATED). NONE collects no tax (NO_TAX_COLLECTED).
 */
import type { Kysely } from 'kysely';
import type { CacheCounts } from '../../platform/cache/loading-cache.js';
import type { Database } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import type { HeldMembership, PricingAddress, PricingPort } from '../cart/pricing-port.js';
import type { CouponRule, ShippingRate, TaxMode, TaxRateRule } from '../cart/totals/model.js';
import { placeOf } from './address.js';
import { CouponAdmin } from './coupon-admin.js';
import { couponProblem, toCouponRule } from './coupon-rules.js';
import { type CountryShipping, followPricingChanges, isUuid, type MemoizedDeps, type PricingDeps, pricingMemos } from './deps.js';
import { PricingErrors } from './errors.js';
import { MembershipAdmin } from './membership-admin.js';
import { toHeldMembership } from './membership-rules.js';
import { ShippingAdmin } from './shipping-admin.js';
import { regionFor, toShippingRate } from './shipping-match.js';
import * as shippingStore from './shipping-store.js';
import * as store from './store.js';
import { TaxAdmin } from './tax-admin.js';
import { ratesAt } from './tax-match.js';

/** Who is buying, for per-customer coupon limits. */
export type Customer = { memberId?: string; email?: string };

/** The estimate's tax mode for the shop's setting. */
function taxModeOf(setting: 'MANUAL' | 'AUTO' | 'NONE'): TaxMode {
  if (setting === 'NONE') return { rateType: 'NO_TAX_COLLECTED' };
  // No automatic provider is built in: AUTO falls back to the manual rates, and says so.
  if (setting === 'AUTO') return { rateType: 'FALLBACK_RATE', fallbackReason: 'AUTO_TAX_DEACTIVATED' };
  return { rateType: 'MANUAL_RATE', manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' };
}

export class PricingService implements PricingPort {
  readonly coupons: CouponAdmin;
  readonly shipping: ShippingAdmin;
  readonly tax: TaxAdmin;
  readonly memberships: MembershipAdmin;

  private readonly deps: MemoizedDeps;

  constructor(deps: PricingDeps) {
    const memoized = { ...deps, memos: deps.memos ?? pricingMemos() };
    this.deps = memoized;
    if (deps.changes) followPricingChanges(deps.changes, memoized.memos);
    this.coupons = new CouponAdmin(memoized);
    this.shipping = new ShippingAdmin(memoized);
    this.tax = new TaxAdmin(memoized);
    this.memberships = new MembershipAdmin(memoized);
  }

  /** Hits and misses of each memo since start (for `/metrics`). */
  memoCounts(): Record<string, CacheCounts> {
    const { settings, shipping, tax } = this.deps.memos;
    return { pricing_settings: settings.counts, pricing_shipping: shipping.counts, pricing_tax: tax.counts };
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * Tax included in prices or added, whether shipping is taxed, and the estimate's tax mode.
   * `recent`: a copy up to a second old will do (cart answers; see `PricingMemos`), else the stored row.
   */
  async settings(options?: { recent?: boolean }): Promise<{ taxIncludedInPrices: boolean; taxShipping: boolean; taxMode: TaxMode }> {
    const read = () => store.findSettings(this.deps.db);
    const settings = options?.recent ? await this.deps.memos.settings.get('', read) : await read();
    return {
      taxIncludedInPrices: settings.tax_included_in_prices,
      taxShipping: settings.tax_shipping,
      taxMode: taxModeOf(settings.tax_mode),
    };
  }

  /**
   * The coupon with this code (case-insensitive) if it can be used now by `customer`.
   * @throws DomainError COUPON_NOT_FOUND, COUPON_NOT_ACTIVE, COUPON_EXPIRED, COUPON_USAGE_EXCEEDED
   */
  async couponForCode(code: string, customer?: Customer): Promise<CouponRule> {
    const row = await store.findCouponByCode(this.deps.db, code.trim());
    if (!row) throw new DomainError(PricingErrors.COUPON_NOT_FOUND, { couponCode: code });
    const problem = couponProblem(row, this.now(), await this.customerUses(row, customer));
    if (problem) throw new DomainError(problem.code, { couponCode: row.code, ...problem.data }, problem.description);
    return toCouponRule(row, this.deps.currency);
  }

  /** A coupon already on a cart, or undefined when it no longer applies (deleted, inactive, expired, used up). */
  async couponById(id: string, customer?: Customer, executor: Kysely<Database> = this.deps.db): Promise<CouponRule | undefined> {
    const row = isUuid(id) ? await store.findCoupon(executor, id) : undefined;
    if (!row || couponProblem(row, this.now(), await this.customerUses(row, customer, executor))) return undefined;
    return toCouponRule(row, this.deps.currency);
  }

  /** How often the customer already used the coupon; undefined when it has no per-customer limit or nobody is known. */
  private async customerUses(
    row: store.CouponRow,
    customer?: Customer,
    executor: Kysely<Database> = this.deps.db,
  ): Promise<number | undefined> {
    if (row.limit_per_customer === null || !customer) return undefined;
    const who = {
      memberId: customer.memberId && isUuid(customer.memberId) ? customer.memberId : undefined,
      email: customer.email?.trim() || undefined,
    };
    if (!who.memberId && !who.email) return undefined;
    return store.countCouponOrders(executor, row.id, who);
  }

  /**
   * The active options, by position, of the region the address falls in: the most specific region
   * naming its country (and subdivision), else the rest of the world ('*'); none without a country.
   * `recent`: the country's regions and options as read up to a second ago will do (estimates; see
   * `PricingMemos`), else the stored rows. The region is matched, and past time slots dropped, on every call.
   */
  async shippingOptionsFor(address: PricingAddress, options?: { recent?: boolean }): Promise<ShippingRate[]> {
    const place = placeOf(address);
    const country = place.country;
    if (!country) return [];
    const read = () => this.shippingOf(country);
    const rows = options?.recent ? await this.deps.memos.shipping.get(country, read) : await read();
    const region = regionFor(rows.regions, place);
    if (!region) return [];
    const now = this.now();
    return rows.options.filter((option) => option.region_id === region.id).map((option) => toShippingRate(option, this.deps.currency, now));
  }

  /**
   * Every manual rate whose place contains the address, broadest first. `recent`: the country's rates
   * as read up to a second ago will do (estimates; see `PricingMemos`); the place is matched on every call.
   */
  async taxRatesFor(address: PricingAddress, options?: { recent?: boolean }): Promise<TaxRateRule[]> {
    const place = placeOf(address);
    const country = place.country;
    if (!country) return [];
    const read = () => store.listTaxRatesOfCountry(this.deps.db, country);
    return ratesAt(options?.recent ? await this.deps.memos.tax.get(country, read) : await read(), place);
  }

  /** The regions an address in the country may fall in, with all their active options (one memo entry serves every address there). */
  private async shippingOf(country: string): Promise<CountryShipping> {
    const regions = await shippingStore.listRegionsFor(this.deps.db, country);
    const ids = regions.map((region) => region.id);
    return { regions, options: await shippingStore.listOptionsOf(this.deps.db, ids, { activeOnly: true }) };
  }

  /** The member's memberships, with why the unusable ones cannot pay (expired, no credits, plan inactive). */
  async membershipsOf(memberId: string): Promise<HeldMembership[]> {
    if (!isUuid(memberId)) return [];
    const now = this.now();
    return (await store.listMembershipsOf(this.deps.db, memberId)).map((membership) => toHeldMembership(membership, now));
  }
}
