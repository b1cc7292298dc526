import type { Transport } from './context.js';

/**
 * A call is data: every module declares its calls with this shape and one interpreter
 * (`invoke.ts`) runs all of them. Declarations are kept terse on purpose: they ship in every
 * storefront bundle, so each byte here is paid by every shopper.
 */

/**
 * Field paths of one conversion kind, space-separated, in wire (REST) names, e.g.
 * `'cart.createdDate cart.lineItems.serviceProperties.scheduledDate'`. Arrays met on the way
 * are walked; a segment ending in `{}` walks the values of a map.
 */
export type Paths = string;

/** Which fields convert how, at the declared paths (WIRE.md "Conversions"). */
export interface Conversions {
  /** Date <-> ISO string */
  d?: Paths;
  /** non-finite number <-> "NaN" / "Infinity" / "-Infinity" */
  f?: Paths;
  /** `wix:image://v1/…` string <-> image object */
  i?: Paths;
  /** `wix:video://v1/…` string <-> video object */
  v?: Paths;
  /** SDK address <-> REST address */
  a?: Paths;
  /** page URL string <-> `{relativePath, url}` */
  u?: Paths;
  /** field mask array <-> comma-joined string */
  m?: Paths;
  /** base64 string -> Uint8Array (responses only) */
  b?: Paths;
}

/**
 * How the caller's arguments become the request payload, one entry per positional argument:
 * - `'name'`: the argument is the payload field `name` (wire name after `_id`-style renaming);
 * - `'name{a,b}'`: the argument is an options object; its keys `a`, `b` become payload fields;
 * - `'name=x.y'`: the argument is written at payload path `x.y` (after whole-argument fields,
 *   so `updateProduct(_id, product)` sends `product` with `id` set from `_id`).
 * The same entries tell the error mapper how to rename field violations back to argument names.
 */
export type ArgSpec = string;

export interface Declaration {
  /** `'GET /stores-reader/v1/products/{id}'`: method and path template (params from the payload). */
  r: string;
  /** argument specs, see {@link ArgSpec}. */
  a?: readonly ArgSpec[];
  /** request conversions (paths in wire names, applied after renaming). */
  q?: Conversions;
  /** response conversions (paths in wire names, applied before renaming). */
  s?: Conversions;
  /** what the call resolves to: a response field name, `''` = the whole response, `'-'` = nothing. */
  o?: string;
  /** GET long-query fallback: `1` = POST with a JSON body to the same path. */
  fb?: 1;
  /** GET encoding: `1` = query endpoint, a nested payload goes as one `.r` parameter. */
  x?: 1;
  /** query builder: the response field holding the items (offset paging over `metadata`). */
  qb?: string;
  /** a declaration loaded on first call (`r` is then empty): see `modules/later.ts`; or a call no declaration can say. */
  L?: () => Promise<Declaration | CustomCall>;
}

/**
 * A call the interpreter cannot run (a raw file upload): a function of the client's transport and
 * the caller's arguments, always loaded on first call.
 */
export type CustomCall = (t: Transport, args: readonly unknown[]) => Promise<unknown>;

/** A module: its calls by public name. */
export type ModuleDeclarations = Record<string, Declaration>;
