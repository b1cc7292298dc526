import type { Declaration } from '../transport/declaration.js';

/** A declaration carrying its public signature (phantom, no runtime cost). */
export type Call<F extends (...args: any[]) => any> = Declaration & { readonly __fn?: F };

/** Types a declaration with its public signature. Pure: unused declarations are dropped by bundlers. */
/* @__NO_SIDE_EFFECTS__ */
export function call<F extends (...args: any[]) => any>(declaration: Declaration): Call<F> {
  return declaration as Call<F>;
}
