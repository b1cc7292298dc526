/**
 * The corpus encodings (README "Encodings" and "Replaying a case" step 7): `decode` turns an encoded
 * JSON literal into live values, `encode` turns whatever the SDK returned into the encoded form the
 * expected values are written in.
 */
import type { Json } from './corpus.js';

/** The single-key objects that stand for a non-JSON value. (`$in`, `$startsWith`… are ordinary data.) */
const ENCODING_KEYS = new Set(['$date', '$number', '$undefined', '$bytes', '$function', '$error', '$circular']);

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The encoding key of `v` (`'$date'`…) when `v` is an encoded non-JSON value. */
export function encodingKey(v: unknown): string | undefined {
  if (!isPlainObject(v)) return undefined;
  const keys = Object.keys(v);
  return keys.length === 1 && ENCODING_KEYS.has(keys[0]) ? keys[0] : undefined;
}

export function base64ToBytes(b64: string): Uint8Array {
  return new Uint8Array(Buffer.from(b64, 'base64'));
}

export function bytesToBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

function namedFunction(name: string): () => void {
  // a function whose `name` is the recorded one
  return { [name]: () => undefined }[name];
}

function decodeError(e: Record<string, unknown>): Error {
  const err = new Error(String(e.message ?? ''));
  if (typeof e.name === 'string') err.name = e.name;
  if (isPlainObject(e.props)) Object.assign(err, decode(e.props as Json));
  return err;
}

/** An encoded literal → live values: fresh objects every call (so callers may mutate them). */
export function decode(v: Json | undefined): unknown {
  if (Array.isArray(v)) return v.map((x) => decode(x));
  if (!isPlainObject(v)) return v;
  const key = encodingKey(v);
  const inner = key ? v[key] : undefined;
  switch (key) {
    case '$date':
      return new Date(String(inner));
    case '$number':
      return Number(inner);
    case '$undefined':
      return undefined;
    case '$bytes':
      return base64ToBytes(String(inner));
    case '$function':
      return namedFunction(String(inner));
    case '$error':
      return decodeError(inner as Record<string, unknown>);
    case '$circular':
      return {};
  }
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (k !== '$class') out[k] = decode(x);
  return out;
}

/** A query-result iterator: an object with `items` and a `hasNext()` method. */
function isQueryResult(v: object): v is { items: unknown; hasNext: () => unknown } & Record<string, unknown> {
  const o = v as Record<string, unknown>;
  return 'items' in o && typeof o.hasNext === 'function';
}

function encodeQueryResult(v: Record<string, unknown>, seen: Set<object>): Json {
  const call = (name: string) => (typeof v[name] === 'function' ? (v[name] as () => unknown).call(v) : undefined);
  const out: Record<string, Json> = { $class: v.constructor?.name ?? 'Object' };
  out.items = encodeInner(v.items, seen);
  out.length = encodeInner('length' in v ? v.length : Array.isArray(v.items) ? v.items.length : undefined, seen);
  out.pageSize = encodeInner(v.pageSize, seen);
  for (const k of ['totalCount', 'currentPage', 'totalPages', 'cursors']) {
    if (k in v) out[k] = encodeInner(v[k], seen);
  }
  out.hasNext = encodeInner(call('hasNext'), seen);
  out.hasPrev = encodeInner(call('hasPrev'), seen);
  return out;
}

/** Own enumerable properties of an error, excluding the ones every Error has. */
function errorProps(e: Error, seen: Set<object>): Record<string, Json> {
  const props: Record<string, Json> = {};
  for (const k of Object.keys(e)) {
    if (k === 'stack' || k === 'message') continue;
    props[k] = encodeInner((e as unknown as Record<string, unknown>)[k], seen);
  }
  return props;
}

/** The recorded error form: `{name, class, message, props}`. */
export function encodeError(e: unknown, seen: Set<object> = new Set()): Record<string, Json> {
  if (!(e instanceof Error)) return { name: typeof e, class: typeof e, message: String(e), props: encodeInner(e, seen) };
  return { name: e.name, class: e.constructor?.name ?? 'Error', message: e.message, props: errorProps(e, seen) };
}

function encodeObject(v: object, seen: Set<object>): Json {
  if (v instanceof Date) return { $date: Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString() };
  if (ArrayBuffer.isView(v)) return { $bytes: bytesToBase64(new Uint8Array(v.buffer, v.byteOffset, v.byteLength)) };
  if (v instanceof ArrayBuffer) return { $bytes: bytesToBase64(new Uint8Array(v)) };
  if (v instanceof Error) return { $error: encodeError(v, seen) };
  if (typeof Response !== 'undefined' && v instanceof Response) {
    return { $class: 'Response', status: v.status, statusText: v.statusText };
  }
  if (Array.isArray(v)) return v.map((x) => encodeInner(x, seen));
  if (isQueryResult(v)) return encodeQueryResult(v, seen);
  const out: Record<string, Json> = {};
  const proto = Object.getPrototypeOf(v) as { constructor?: { name?: string } } | null;
  const className = proto?.constructor?.name;
  if (proto !== null && proto !== Object.prototype && className) out.$class = className;
  for (const k of Object.keys(v)) out[k] = encodeInner((v as Record<string, unknown>)[k], seen);
  return out;
}

function encodeInner(v: unknown, seen: Set<object>): Json {
  switch (typeof v) {
    case 'undefined':
      return { $undefined: true };
    case 'number':
      return Number.isFinite(v) ? v : { $number: String(v) };
    case 'bigint':
      return String(v);
    case 'symbol':
      return String(v);
    case 'function':
      return { $function: v.name };
    case 'string':
    case 'boolean':
      return v;
  }
  if (v === null) return null;
  const o = v as object;
  if (seen.has(o)) return { $circular: true };
  seen.add(o);
  try {
    return encodeObject(o, seen);
  } finally {
    seen.delete(o);
  }
}

/** Live values → the encoded JSON form (README "Replaying a case" step 7). */
export function encode(v: unknown): Json {
  return encodeInner(v, new Set());
}
