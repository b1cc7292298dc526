/** The merchant's coupons: create, list, read, change, delete. */
import type { Insertable } from 'kysely';
import type { CouponsTable } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import { isUuid, type PricingDeps, rejectViolations, requireScopeIds } from './deps.js';
import { PricingErrors } from './errors.js';
import { type CouponShape, couponViolations } from './input-rules.js';
import type { CouponInput, CouponPatch, WireCoupon } from './schemas.js';
import * as store from './store.js';
import { couponView } from './views.js';

const CODE_INDEX = 'coupons_code_key';

export class CouponAdmin {
  constructor(private readonly deps: PricingDeps) {}

  /**
   * Creates a coupon.
   * @throws ValidationFailure (value out of range, starts after expiry, unknown scope ids...)
   * @throws DomainError COUPON_CODE_TAKEN
   */
  async create(input: CouponInput): Promise<WireCoupon> {
    const shape: CouponShape = {
      kind: input.kind,
      value: input.value ?? '0',
      scope: input.scope ?? 'ALL',
      scopeIds: dedupe(input.scopeIds ?? []),
      minimumSubtotal: input.minimumSubtotal ?? null,
      startsAt: input.startsAt ?? null,
      expiresAt: input.expiresAt ?? null,
    };
    await this.check(shape);
    const values: Insertable<CouponsTable> = {
      code: input.code,
      name: input.name,
      ...columnsOf(shape),
      usage_limit: input.usageLimit ?? null,
      limit_per_customer: input.limitPerCustomer ?? null,
      active: input.active ?? true,
    };
    const row = await store.insertCoupon(this.deps.db, values).catch(codeTaken(input.code));
    return couponView(row, this.deps.currency);
  }

  /** A page of coupons, newest first; `code` narrows to codes starting with it. */
  async list(options: { limit: number; offset: number; code?: string }): Promise<{ coupons: WireCoupon[]; total: number }> {
    const [rows, total] = await Promise.all([store.listCoupons(this.deps.db, options), store.countCoupons(this.deps.db, options.code)]);
    return { coupons: rows.map((row) => couponView(row, this.deps.currency)), total };
  }

  /** @throws DomainError COUPON_NOT_FOUND */
  async get(id: string): Promise<WireCoupon> {
    return couponView(await this.require(id), this.deps.currency);
  }

  /** The coupon with this code (case-insensitive), whatever its validity. @throws DomainError COUPON_NOT_FOUND */
  async getByCode(code: string): Promise<WireCoupon> {
    const row = await store.findCouponByCode(this.deps.db, code);
    if (!row) throw new DomainError(PricingErrors.COUPON_NOT_FOUND, { couponCode: code });
    return couponView(row, this.deps.currency);
  }

  /**
   * Changes the given fields; the rules hold for the coupon as it will be.
   * @throws DomainError COUPON_NOT_FOUND, COUPON_CODE_TAKEN; ValidationFailure
   */
  async update(id: string, patch: CouponPatch): Promise<WireCoupon> {
    const before = await this.require(id);
    const shape: CouponShape = {
      kind: patch.kind ?? before.kind,
      value: patch.value ?? (patch.kind === 'FREE_SHIPPING' ? '0' : before.value),
      scope: patch.scope ?? before.scope,
      scopeIds: dedupe(patch.scopeIds ?? (patch.scope === 'ALL' ? [] : before.scope_ids)),
      minimumSubtotal: patch.minimumSubtotal !== undefined ? patch.minimumSubtotal : before.minimum_subtotal,
      startsAt: patch.startsAt !== undefined ? patch.startsAt : (before.starts_at?.toISOString() ?? null),
      expiresAt: patch.expiresAt !== undefined ? patch.expiresAt : (before.expires_at?.toISOString() ?? null),
    };
    await this.check(shape);
    const row = await store
      .updateCoupon(this.deps.db, id, {
        ...(patch.code !== undefined && { code: patch.code }),
        ...(patch.name !== undefined && { name: patch.name }),
        ...columnsOf(shape),
        ...(patch.usageLimit !== undefined && { usage_limit: patch.usageLimit }),
        ...(patch.limitPerCustomer !== undefined && { limit_per_customer: patch.limitPerCustomer }),
        ...(patch.active !== undefined && { active: patch.active }),
      })
      .catch(codeTaken(patch.code ?? before.code));
    if (!row) throw new DomainError(PricingErrors.COUPON_NOT_FOUND, { id });
    return couponView(row, this.deps.currency);
  }

  /** @throws DomainError COUPON_NOT_FOUND */
  async delete(id: string): Promise<void> {
    if (!isUuid(id) || !(await store.deleteCoupon(this.deps.db, id))) throw new DomainError(PricingErrors.COUPON_NOT_FOUND, { id });
  }

  private async check(shape: CouponShape): Promise<void> {
    rejectViolations(couponViolations(shape, this.deps.currency));
    await requireScopeIds(this.deps.catalog, shape.scope, shape.scopeIds);
  }

  private async require(id: string) {
    const row = isUuid(id) ? await store.findCoupon(this.deps.db, id) : undefined;
    if (!row) throw new DomainError(PricingErrors.COUPON_NOT_FOUND, { id });
    return row;
  }
}

function columnsOf(shape: CouponShape) {
  return {
    kind: shape.kind,
    value: shape.value,
    scope: shape.scope,
    scope_ids: shape.scopeIds,
    minimum_subtotal: shape.minimumSubtotal,
    starts_at: shape.startsAt,
    expires_at: shape.expiresAt,
  };
}

function dedupe(ids: string[]): string[] {
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

/** The unique index on lower(code) refused the write. */
function codeTaken(code: string) {
  return (error: unknown): never => {
    if (store.isUniqueViolation(error, CODE_INDEX)) throw new DomainError(PricingErrors.COUPON_CODE_TAKEN, { couponCode: code });
    throw error;
  };
}
