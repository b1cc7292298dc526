/**
 * Pure rules of the catalogue writes: variants as the cartesian product of option choices, the
 * derived columns of a product (price/cost/weight ranges, inventory status), slugs, and exact
 * scaled decimals for weights. No I/O: the write service applies the results in its transaction.
 */
import { fromScaled, toScaled } from '@vitrine/sdk/money';
import { currencyExponent, toDecimal, toMinor } from '../../platform/money/money.js';
import { discountedMinor } from './product-view.js';

/** Weights count thousandths with the money rule. */
export { fromScaled, toScaled };

/** A product option as stored in `products.product_options`. */
export interface StoredOption {
  name: string;
  optionType: 'drop_down' | 'color';
  choices: { value: string; description?: string; media?: Record<string, unknown> }[];
}

/** Most options a product may have, and most variants (choice combinations) they may generate. */
export const MAX_OPTIONS = 6;
export const MAX_VARIANTS = 300;
/** Weights are kept to grams of a kilogram (or thousandths of a pound). */
export const WEIGHT_DECIMALS = 3;

// ---- variants

const escapeKeyPart = (part: string) => part.replace(/[\\=|]/g, (special) => `\\${special}`);

/**
 * The canonical key of a choice combination: option names sorted, `Color=Red|Size=L` (`\`, `=` and
 * `|` inside names and values are escaped); `''` for a product without options.
 */
export function choicesKey(choices: Record<string, string>): string {
  return Object.keys(choices)
    .sort()
    .map((name) => `${escapeKeyPart(name)}=${escapeKeyPart(choices[name] as string)}`)
    .join('|');
}

/** How many variants the options generate (1 without options). */
export function combinationCount(options: readonly StoredOption[]): number {
  return options.reduce((total, option) => total * option.choices.length, 1);
}

/** Every choice combination, in option order then choice order (the variants' display order). */
export function combinations(options: readonly StoredOption[]): Record<string, string>[] {
  let out: Record<string, string>[] = [{}];
  for (const option of options) {
    out = out.flatMap((partial) => option.choices.map((choice) => ({ ...partial, [option.name]: choice.value })));
  }
  return out;
}

/** A variant the product should have after its options changed: an existing one (kept by key) or a new one. */
export interface PlannedVariant<V> {
  choices: Record<string, string>;
  key: string;
  position: number;
  /** the existing variant with the same choices, whose data (price, sku, stock…) is kept */
  existing?: V;
}

/**
 * The variants for `options`: one per combination; an existing variant with the same choices keeps
 * its id and data, the others are removed.
 */
export function planVariants<V extends { id: string; choices_key: string }>(
  options: readonly StoredOption[],
  existing: readonly V[],
): { variants: PlannedVariant<V>[]; removed: string[] } {
  const byKey = new Map(existing.map((variant) => [variant.choices_key, variant]));
  const variants = combinations(options).map((choices, position) => {
    const key = choicesKey(choices);
    return { choices, key, position, existing: byKey.get(key) };
  });
  const kept = new Set(variants.map((variant) => variant.key));
  return { variants, removed: existing.filter((variant) => !kept.has(variant.choices_key)).map((variant) => variant.id) };
}

/** Whether the two option lists generate the same combinations in the same order. */
export function sameCombinations(left: readonly StoredOption[], right: readonly StoredOption[]): boolean {
  const leftKeys = combinations(left).map(choicesKey);
  const rightKeys = combinations(right).map(choicesKey);
  return leftKeys.length === rightKeys.length && leftKeys.every((key, i) => key === rightKeys[i]);
}

// ---- derived columns

/** What the derived columns are computed from: the product's prices and its variants' overrides and stock. */
export interface DeriveInput {
  product: {
    currency: string;
    price: string;
    discount_type: 'NONE' | 'AMOUNT' | 'PERCENT';
    discount_value: string;
    cost: string | null;
    weight: string | null;
  };
  variants: readonly { price: string | null; cost: string | null; weight: string | null; visible: boolean; in_stock: boolean }[];
}

export interface DerivedColumns {
  price_min: string;
  price_max: string;
  cost_min: string | null;
  cost_max: string | null;
  weight_min: string | null;
  weight_max: string | null;
  inventory_status: 'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK';
}

function range(values: bigint[]): [bigint, bigint] | undefined {
  if (values.length === 0) return undefined;
  let lo = values[0] as bigint;
  let hi = lo;
  for (const value of values) {
    if (value < lo) lo = value;
    if (value > hi) hi = value;
  }
  return [lo, hi];
}

/**
 * The derived columns: the discounted price range over the visible variants (the product's own
 * discounted price when none is visible), cost and weight ranges over all variants (NULL when
 * nothing has one), and the inventory status over all variants.
 */
export function deriveColumns({ product, variants }: DeriveInput): DerivedColumns {
  const currency = product.currency;
  const base = toMinor(product.price, currency);
  const visible = variants.filter((variant) => variant.visible);
  const prices = (visible.length ? visible : [{ price: null }]).map((variant) =>
    discountedMinor(variant.price === null ? base : toMinor(variant.price, currency), product),
  );
  const [pMin, pMax] = range(prices) as [bigint, bigint];
  const costs = variants.map((variant) => variant.cost ?? product.cost).filter((value): value is string => value !== null);
  const cost = range(costs.map((value) => toMinor(value, currency)));
  const weights = variants.map((variant) => variant.weight ?? product.weight).filter((value): value is string => value !== null);
  const weight = range(weights.map((value) => toScaled(value, WEIGHT_DECIMALS)));
  const inStock = variants.filter((variant) => variant.in_stock).length;
  return {
    price_min: toDecimal(pMin, currency),
    price_max: toDecimal(pMax, currency),
    cost_min: cost ? toDecimal(cost[0], currency) : null,
    cost_max: cost ? toDecimal(cost[1], currency) : null,
    weight_min: weight ? fromScaled(weight[0], WEIGHT_DECIMALS) : null,
    weight_max: weight ? fromScaled(weight[1], WEIGHT_DECIMALS) : null,
    inventory_status: inStock === variants.length ? 'IN_STOCK' : inStock === 0 ? 'OUT_OF_STOCK' : 'PARTIALLY_OUT_OF_STOCK',
  };
}

// ---- slugs

/** A URL slug from a name: lower case, accents dropped, runs of anything else as one dash (at most 80 characters). */
export function slugify(name: string, fallback = 'item'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** `base`, or `base-2`, `base-3`… whichever is the first not in `taken`. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

// ---- decimals

/** A finite number as plain decimal text (no exponent). */
export function decimalText(value: number): string {
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/** How many fraction digits a number has when written as a decimal (`9.99` → 2). */
export function fractionDigits(value: number): number {
  const frac = decimalText(value).split('.')[1];
  return frac ? frac.length : 0;
}

/** Whether an amount fits the currency's minor units (`9.999` USD does not). */
export function fitsCurrency(amount: number, currency: string): boolean {
  return fractionDigits(amount) <= currencyExponent(currency);
}
