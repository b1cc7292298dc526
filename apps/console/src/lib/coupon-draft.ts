/**
 * The coupon form's state (strings as typed) and its conversions: from a stored coupon, and back to
 * the fields sent, checked first so each problem is named by its field.
 */
import type { CouponKind, CouponScope, ShopCoupon } from '@vitrine/sdk';
import { amountIn } from './format.js';
import { localInput } from './local-time.js';
import { currencyDecimals, parseAmount } from './product-draft.js';

/** Which lines a coupon or a membership plan applies to, as its draft holds them: the kind and the chosen ids. */
export interface ScopeChoice {
  scope: CouponScope;
  scopeIds: string[];
}

export interface CouponDraft extends ScopeChoice {
  code: string;
  name: string;
  kind: CouponKind;
  value: string;
  minimumSubtotal: string;
  /** `datetime-local` values, in the merchant's time zone */
  startsAt: string;
  expiresAt: string;
  usageLimit: string;
  limitPerCustomer: string;
  active: boolean;
}

export type CouponErrors = Partial<Record<keyof CouponDraft, string>>;

export function couponDraftOf(coupon?: ShopCoupon): CouponDraft {
  return {
    code: coupon?.code ?? '',
    name: coupon?.name ?? '',
    kind: coupon?.kind ?? 'PERCENT',
    value: coupon?.kind === 'FREE_SHIPPING' ? '' : (coupon?.value ?? ''),
    scope: coupon?.scope ?? 'ALL',
    scopeIds: coupon?.scopeIds ?? [],
    minimumSubtotal: coupon?.minimumSubtotal ?? '',
    startsAt: localInput(coupon?.startsAt),
    expiresAt: localInput(coupon?.expiresAt),
    usageLimit: coupon?.usageLimit == null ? '' : String(coupon.usageLimit),
    limitPerCustomer: coupon?.limitPerCustomer == null ? '' : String(coupon.limitPerCustomer),
    active: coupon?.active ?? true,
  };
}

/** Why a choice of lines (a coupon's, a membership plan's) is not complete: products or collections but none chosen. */
export function scopeProblem(scope: CouponScope, ids: string[]): string | undefined {
  if (scope === 'ALL' || ids.length) return undefined;
  return scope === 'PRODUCTS' ? 'Pick the products it applies to.' : 'Pick the collections it applies to.';
}

const COUNT = /^\d{1,9}$/;

/** The coupon's fields to send (every one, so clearing a limit clears it), or the problems found. */
export function couponOf(draft: CouponDraft, currency: string): { coupon: ShopCoupon } | { errors: CouponErrors } {
  const errors: CouponErrors = {};
  const code = draft.code.trim();
  if (!code) errors.code = 'Give the code shoppers type.';
  else if (/\s/.test(code)) errors.code = 'A code has no spaces.';
  else if (code.length > 64) errors.code = 'A code has at most 64 characters.';
  if (!draft.name.trim()) errors.name = 'Name the coupon (shoppers see the name in their cart).';

  const decimals = draft.kind === 'PERCENT' ? 2 : currencyDecimals(currency);
  const value = parseAmount(draft.value, decimals);
  if (draft.kind !== 'FREE_SHIPPING') {
    if (value === undefined || Number.isNaN(value))
      errors.value = `Type ${draft.kind === 'PERCENT' ? 'the percentage' : 'the amount'}, like 10.`;
    else if (draft.kind === 'PERCENT' && (value <= 0 || value > 100)) errors.value = 'A percentage is above 0 and at most 100.';
    else if (draft.kind === 'AMOUNT' && value <= 0) errors.value = 'The amount is above zero.';
  }
  const scopeIds = scopeProblem(draft.scope, draft.scopeIds);
  if (scopeIds) errors.scopeIds = scopeIds;
  const minimum = parseAmount(draft.minimumSubtotal, currencyDecimals(currency));
  if (Number.isNaN(minimum)) errors.minimumSubtotal = 'Type an amount, or leave it empty.';

  const startsAt = draft.startsAt ? new Date(draft.startsAt) : null;
  const expiresAt = draft.expiresAt ? new Date(draft.expiresAt) : null;
  if (startsAt && Number.isNaN(startsAt.getTime())) errors.startsAt = 'Pick a date and time.';
  if (expiresAt && Number.isNaN(expiresAt.getTime())) errors.expiresAt = 'Pick a date and time.';
  else if (startsAt && expiresAt && expiresAt <= startsAt) errors.expiresAt = 'It ends after it starts.';
  for (const key of ['usageLimit', 'limitPerCustomer'] as const) {
    const trimmed = draft[key].trim();
    if (trimmed && (!COUNT.test(trimmed) || Number(trimmed) < 1)) errors[key] = 'A whole number, at least 1; empty: no limit.';
  }
  if (Object.keys(errors).length) return { errors };

  const count = (text: string) => (text.trim() ? Number(text.trim()) : null);
  return {
    coupon: {
      code,
      name: draft.name.trim(),
      kind: draft.kind,
      value: draft.kind === 'FREE_SHIPPING' ? '0' : String(value),
      scope: draft.scope,
      scopeIds: draft.scope === 'ALL' ? [] : draft.scopeIds,
      minimumSubtotal: minimum === undefined ? null : String(minimum),
      startsAt,
      expiresAt,
      usageLimit: count(draft.usageLimit),
      limitPerCustomer: count(draft.limitPerCustomer),
      active: draft.active,
    },
  };
}

/** What a coupon gives, in words ("10 % off", "$5.00 off", "Free shipping", "Each at $3.00"). */
export function couponEffect(coupon: Pick<ShopCoupon, 'kind' | 'value'>, currency: string): string {
  const money = (amount?: string) => amountIn(amount ?? 0, currency);
  if (coupon.kind === 'PERCENT') return `${Number(coupon.value)} % off`;
  if (coupon.kind === 'AMOUNT') return `${money(coupon.value)} off`;
  if (coupon.kind === 'FIXED_PRICE') return `Each at ${money(coupon.value)}`;
  return 'Free shipping';
}
