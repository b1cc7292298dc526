import type { Declaration } from '../transport/declaration.js';

/** A declaration carrying its public signature (phantom, no runtime cost). */
export type Call<F extends (...args: any[]) => any> = Declaration & { readonly __fn?: F };

export const call = <F extends (...args: any[]) => any>(d: Declaration) => d as Call<F>;
