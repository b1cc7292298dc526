/**
 * Helpers that build the conversion sets of declarations (paths in wire names, see
 * `../transport/declaration.ts`). Entity sets are written once, relative to the entity, and
 * placed under the field that holds them in each call (`under('cart', CART)`).
 */
import type { Conversions, Paths } from '../transport/declaration.js';

type Kind = keyof Conversions;

/** Every prefix joined to every path: `pre('a b', 'x y')` = `'a.x a.y b.x b.y'`. */
/* @__NO_SIDE_EFFECTS__ */
export function pre(prefixes: Paths, paths: Paths): Paths {
  return prefixes
    .split(' ')
    .flatMap((prefix) => paths.split(' ').map((path) => `${prefix}.${path}`))
    .join(' ');
}

/** A conversion set moved under `prefixes` (space-separated, each gets the whole set). */
/* @__NO_SIDE_EFFECTS__ */
export function under(prefixes: Paths, conversions: Conversions): Conversions {
  const out: Conversions = {};
  for (const kind in conversions) out[kind as Kind] = pre(prefixes, conversions[kind as Kind] as Paths);
  return out;
}

/** Conversion sets merged, kind by kind. */
/* @__NO_SIDE_EFFECTS__ */
export function join(...sets: Conversions[]): Conversions {
  const out: Conversions = {};
  for (const conversions of sets)
    for (const conversionKind in conversions) {
      const kind = conversionKind as Kind;
      out[kind] = out[kind] ? `${out[kind]} ${conversions[kind]}` : conversions[kind];
    }
  return out;
}

/**
 * Addresses at `prefixes` with their non-finite geocode (cart and checkout addresses; identity
 * addresses convert without it, as the reference does).
 */
/* @__NO_SIDE_EFFECTS__ */
export function address(prefixes: Paths): Conversions {
  return { addresses: prefixes, floats: pre(prefixes, 'geocode.latitude geocode.longitude') };
}
