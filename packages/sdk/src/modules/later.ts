import type { CustomCall, Declaration } from '../transport/declaration.js';

/**
 * Declarations of `names` that load their module on first call. Calls a storefront rarely makes
 * (the merchant writes) then cost a page only their names: bundlers split the module into its own
 * chunk, fetched when one of them is called.
 */
/* @__NO_SIDE_EFFECTS__ */
export function later<M>(names: string, load: () => Promise<Record<string, Declaration | CustomCall>>): M {
  const out: Record<string, Declaration> = {};
  for (const callName of names.split(' ')) out[callName] = { route: '', load: async () => (await load())[callName] };
  return out as M;
}
