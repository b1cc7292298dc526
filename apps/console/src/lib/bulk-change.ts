/**
 * A bulk change of price, cost or weight as the merchant types it, checked, and what it does to one
 * product: the server's arithmetic itself (`@vitrine/sdk/money`: exact, in the field's smallest unit,
 * rounded half away from zero), so the preview shows the prices the shop will charge.
 */
import type { BulkAdjustProperties, BulkUpdateProperties, Product } from '@vitrine/sdk';
import { fromScaled, percentOf, toScaled } from '@vitrine/sdk/money';
import { currencyDecimals, parseAmount } from './product-draft.js';

export type BulkField = 'price' | 'cost' | 'weight';
type BulkMode = 'set' | 'amount' | 'percent';

export interface BulkDraft {
  field: BulkField;
  mode: BulkMode;
  /** as typed; an adjustment may be negative */
  value: string;
}

/** The field's current value on a product (undefined: the product has none). */
export function currentValue(product: Product, field: BulkField): number | undefined {
  const value = field === 'price' ? product.priceData?.price : field === 'cost' ? product.costAndProfitData?.itemCost : product.weight;
  return value ?? undefined;
}

/** Decimals of the field's unit: the currency's for money, three (grams) for kilograms. */
const decimalsOf = (field: BulkField, currency: string) => (field === 'weight' ? 3 : currencyDecimals(currency));

const unscaled = (units: bigint, decimals: number) => Number(fromScaled(units, decimals));

/** What the change typed means, or why it cannot be sent. */
export function readBulkDraft(
  draft: BulkDraft,
  currency: string,
): { ok: true; amount: number; negative: boolean } | { ok: false; problem: string } {
  const typed = draft.value.trim();
  const negative = typed.startsWith('-');
  const decimals = draft.mode === 'percent' ? 2 : decimalsOf(draft.field, currency);
  const amount = parseAmount(negative ? typed.slice(1) : typed.replace(/^\+/, ''), decimals);
  if (amount === undefined) return { ok: false, problem: 'Type the value.' };
  if (Number.isNaN(amount)) return { ok: false, problem: `Type a number with at most ${decimals} decimals.` };
  if (draft.mode === 'set' && negative) return { ok: false, problem: 'A price, cost or weight cannot be negative.' };
  if (draft.mode === 'percent' && negative && amount > 100) return { ok: false, problem: 'A value cannot fall by more than 100 %.' };
  if (draft.mode === 'percent' && amount > 10_000) return { ok: false, problem: 'A percentage is at most 10,000.' };
  if (draft.mode !== 'set' && amount === 0) return { ok: false, problem: 'A change of zero changes nothing.' };
  return { ok: true, amount: negative ? -amount : amount, negative };
}

/** The product's new value under the change; undefined when the product has no value to adjust. */
export function nextValue(current: number | undefined, draft: BulkDraft, amount: number, currency: string): number | undefined {
  const decimals = decimalsOf(draft.field, currency);
  if (draft.mode === 'set') return amount;
  if (current === undefined) return undefined;
  const old = toScaled(current, decimals);
  const change = draft.mode === 'amount' ? toScaled(amount, decimals) : percentOf(old, amount);
  return unscaled(old + change, decimals);
}

/** The call's body for the change. */
export function bulkBody(draft: BulkDraft, amount: number): { set: BulkUpdateProperties } | { adjust: BulkAdjustProperties } {
  if (draft.mode === 'set') return { set: { [draft.field]: amount } };
  return { adjust: { [draft.field]: draft.mode === 'amount' ? { amount } : { percentage: amount } } };
}
