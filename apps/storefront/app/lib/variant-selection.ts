/**
 * Which choices the product page starts with and where a click on a choice leads: always to a
 * combination that exists (in stock when one is), never to a dead end of disabled buttons.
 */
import type { VariantChoicesView } from './catalogue-view.js';

export type Selection = Record<string, string>;

/** The query parameter that names the chosen variant, so a page can be shared and survives reload. */
export const VARIANT_PARAM = 'variant';

const matches = (variant: VariantChoicesView, selection: Selection) =>
  Object.entries(selection).every(([name, value]) => variant.choices[name] === value);

/** How many of `selection`'s choices the variant keeps. */
const kept = (variant: VariantChoicesView, selection: Selection) =>
  Object.entries(selection).filter(([name, value]) => variant.choices[name] === value).length;

/**
 * The choices to start with: the variant the URL names by id (links before #22), else the first variant
 * with the choices the URL names (in stock first), else the first in stock, else the first.
 */
export function initialSelection(variants: VariantChoicesView[], variantId: string | null, named: Selection = {}): Selection {
  const byId = variantId ? variants.find((variant) => variant.id === variantId) : undefined;
  const withNamed = variants.filter((variant) => matches(variant, named));
  const start =
    byId ?? withNamed.find((variant) => variant.inStock) ?? withNamed[0] ?? variants.find((variant) => variant.inStock) ?? variants[0];
  return start ? { ...start.choices } : {};
}

/**
 * The selection after the shopper picks `value` for option `name`: the combination with the other
 * choices as they are when it is in stock; otherwise the existing one with this choice that is in
 * stock and keeps the most of the others (a sold-out one when that is all there is: the page then
 * says so).
 */
export function switchChoice(variants: VariantChoicesView[], selection: Selection, name: string, value: string): Selection {
  const wanted = { ...selection, [name]: value };
  const withChoice = variants.filter((variant) => variant.choices[name] === value);
  const exact = withChoice.find((variant) => matches(variant, wanted));
  if (exact?.inStock) return { ...exact.choices };
  const ranked = [...withChoice].sort(
    (left, right) => Number(right.inStock) - Number(left.inStock) || kept(right, selection) - kept(left, selection),
  );
  return ranked[0] ? { ...ranked[0].choices } : wanted;
}
