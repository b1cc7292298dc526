import type { Transport } from './context.js';

/**
 * A call is data: every module declares its calls with this shape and one interpreter
 * (`invoke.ts`) runs all of them. Declarations ship in every storefront bundle; their keys are
 * words all the same (a reader needs no legend), and gzip pays a repeated key only once.
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
  dates?: Paths;
  /** non-finite number <-> "NaN" / "Infinity" / "-Infinity" */
  floats?: Paths;
  /** `wix:image://v1/…` string <-> image object */
  images?: Paths;
  /** `wix:video://v1/…` string <-> video object */
  videos?: Paths;
  /** SDK address <-> REST address */
  addresses?: Paths;
  /** page URL string <-> `{relativePath, url}` */
  pageUrls?: Paths;
  /** field mask array <-> comma-joined string */
  fieldMasks?: Paths;
  /** base64 string -> Uint8Array (responses only) */
  bytes?: Paths;
  /** a field name (dotted path) in SDK form -> wire form, `_id` → `id` (requests only: sort keys) */
  fieldNames?: Paths;
}

/**
 * How the caller's arguments become the request payload, one entry per positional argument:
 * - `'name'`: the argument is the payload field `name` (wire name after `_id`-style renaming);
 * - `'name{a,b}'`: the argument is an options object; its keys `a`, `b` become payload fields;
 * - `'name=x.y'`: the argument is written at payload path `x.y` (after whole-argument fields,
 *   so `updateProduct(_id, product)` sends `product` with `id` set from `_id`).
 * The same entries tell the error mapper how to rename field violations back to argument names.
 */
type ArgSpec = string;

export interface Declaration {
  /** `'GET /stores-reader/v1/products/{id}'`: method and path template (params from the payload). */
  route: string;
  /** argument specs, see {@link ArgSpec}. */
  args?: readonly ArgSpec[];
  /** request conversions (paths in wire names, applied after renaming). */
  request?: Conversions;
  /** response conversions (paths in wire names, applied before renaming). */
  response?: Conversions;
  /** what the call resolves to: a response field name, `''` = the whole response, `'-'` = nothing. */
  returns?: string;
  /**
   * a query endpoint (GET): the response field holding the items. A nested payload goes as one `.r`
   * parameter, one too long for a URL as a POST with a JSON body to the same path; called without
   * arguments, the call returns a query builder (offset paging over `metadata`).
   */
  queryItems?: string;
  /** a declaration loaded on first call (`route` is then empty): see `modules/later.ts`; or a call no declaration can say. */
  load?: () => Promise<Declaration | CustomCall>;
}

/**
 * A call the interpreter cannot run (a raw file upload): a function of the client's transport and
 * the caller's arguments, always loaded on first call.
 */
export type CustomCall = (transport: Transport, args: readonly unknown[]) => Promise<unknown>;
