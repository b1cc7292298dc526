/**
 * The coupon form's state (strings as typed) and its conversions: from a stored coupon, and back to
 * the fields sent, checked first so each problem is named by its field.
 */
import type { CouponKind, CouponScope, ShopCoupon } from '@vitrine/sdk';
import { amountIn } from './format.js';
import { localInput } from './local-time.js';
import { currencyDecimals, parseAmount } from './product-draft.js';

export interface CouponDraft {
  code: string;
  name: string;
  kind: CouponKind;
  value: string;
  scope: CouponScope;
  scopeIds: string[];
  minimumSubtotal: string;
  /** `datetime-local` values, in the merchant's time zone */
  startsAt: string;
  expiresAt: string;
  usageLimit: string;
  limitPerCustomer: string;
  active: boolean;
}

export type CouponErrors = Partial<Record<keyof CouponDraft, string>>;

export function couponDraftOf(c?: ShopCoupon): CouponDraft {
  return {
    code: c?.code ?? '',
    name: c?.name ?? '',
    kind: c?.kind ?? 'PERCENT',
    value: c?.kind === 'FREE_SHIPPING' ? '' : (c?.value ?? ''),
    scope: c?.scope ?? 'ALL',
    scopeIds: c?.scopeIds ?? [],
    minimumSubtotal: c?.minimumSubtotal ?? '',
    startsAt: localInput(c?.startsAt),
    expiresAt: localInput(c?.expiresAt),
    usageLimit: c?.usageLimit == null ? '' : String(c.usageLimit),
    limitPerCustomer: c?.limitPerCustomer == null ? '' : String(c.limitPerCustomer),
    active: c?.active ?? true,
  };
}

/** Why a choice of lines (a coupon's, a membership plan's) is not complete: products or collections but none chosen. */
export function scopeProblem(scope: CouponScope, ids: string[]): string | undefined {
  if (scope === 'ALL' || ids.length) return undefined;
  return scope === 'PRODUCTS' ? 'Pick the products it applies to.' : 'Pick the collections it applies to.';
}

const COUNT = /^\d{1,9}$/;

/** The coupon's fields to send (every one, so clearing a limit clears it), or the problems found. */
export function couponOf(d: CouponDraft, currency: string): { coupon: ShopCoupon } | { errors: CouponErrors } {
  const errors: CouponErrors = {};
  const code = d.code.trim();
  if (!code) errors.code = 'Give the code shoppers type.';
  else if (/\s/.test(code)) errors.code = 'A code has no spaces.';
  else if (code.length > 64) errors.code = 'A code has at most 64 characters.';
  if (!d.name.trim()) errors.name = 'Name the coupon (shoppers see the name in their cart).';

  const decimals = d.kind === 'PERCENT' ? 2 : currencyDecimals(currency);
  const value = parseAmount(d.value, decimals);
  if (d.kind !== 'FREE_SHIPPING') {
    if (value === undefined || Number.isNaN(value))
      errors.value = `Type ${d.kind === 'PERCENT' ? 'the percentage' : 'the amount'}, like 10.`;
    else if (d.kind === 'PERCENT' && (value <= 0 || value > 100)) errors.value = 'A percentage is above 0 and at most 100.';
    else if (d.kind === 'AMOUNT' && value <= 0) errors.value = 'The amount is above zero.';
  }
  const scopeIds = scopeProblem(d.scope, d.scopeIds);
  if (scopeIds) errors.scopeIds = scopeIds;
  const minimum = parseAmount(d.minimumSubtotal, currencyDecimals(currency));
  if (Number.isNaN(minimum)) errors.minimumSubtotal = 'Type an amount, or leave it empty.';

  const startsAt = d.startsAt ? new Date(d.startsAt) : null;
  const expiresAt = d.expiresAt ? new Date(d.expiresAt) : null;
  if (startsAt && Number.isNaN(startsAt.getTime())) errors.startsAt = 'Pick a date and time.';
  if (expiresAt && Number.isNaN(expiresAt.getTime())) errors.expiresAt = 'Pick a date and time.';
  else if (startsAt && expiresAt && expiresAt <= startsAt) errors.expiresAt = 'It ends after it starts.';
  for (const key of ['usageLimit', 'limitPerCustomer'] as const) {
    const v = d[key].trim();
    if (v && (!COUNT.test(v) || Number(v) < 1)) errors[key] = 'A whole number, at least 1; empty: no limit.';
  }
  if (Object.keys(errors).length) return { errors };

  const count = (s: string) => (s.trim() ? Number(s.trim()) : null);
  return {
    coupon: {
      code,
      name: d.name.trim(),
      kind: d.kind,
      value: d.kind === 'FREE_SHIPPING' ? '0' : String(value),
      scope: d.scope,
      scopeIds: d.scope === 'ALL' ? [] : d.scopeIds,
      minimumSubtotal: minimum === undefined ? null : String(minimum),
      startsAt,
      expiresAt,
      usageLimit: count(d.usageLimit),
      limitPerCustomer: count(d.limitPerCustomer),
      active: d.active,
    },
  };
}

/** What a coupon gives, in words ("10 % off", "$5.00 off", "Free shipping", "Each at $3.00"). */
export function couponEffect(c: Pick<ShopCoupon, 'kind' | 'value'>, currency: string): string {
  const money = (v?: string) => amountIn(v ?? 0, currency);
  if (c.kind === 'PERCENT') return `${Number(c.value)} % off`;
  if (c.kind === 'AMOUNT') return `${money(c.value)} off`;
  if (c.kind === 'FIXED_PRICE') return `Each at ${money(c.value)}`;
  return 'Free shipping';
}
