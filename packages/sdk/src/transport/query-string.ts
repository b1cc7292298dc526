import { base64url } from '../wire/base64url.js';

/** Longest query string a GET may carry before a call switches to its fallback (spec section 9). */
export const LONG_GET = 4000;

/** `{a: {b: 1}, c: [1, 2]}` -> `[['a.b', 1], ['c', [1, 2]]]`. */
function flatten(data: Record<string, unknown>, prefix = '', out: [string, unknown][] = []) {
  for (const [k, v] of Object.entries(data)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) flatten(v as Record<string, unknown>, key, out);
    else out.push([key, v]);
  }
  return out;
}

/**
 * A GET payload as a query string: dotted keys, arrays repeated, null/undefined skipped; for a
 * query endpoint (`nested`) a payload with nested objects goes whole as one `.r` parameter.
 */
export function toQueryString(payload: Record<string, unknown>, nested?: boolean): string {
  const flat = flatten(payload);
  const params = new URLSearchParams();
  if (nested && flat.some(([k, v]) => k.includes('.') || (Array.isArray(v) && v.some((x) => typeof x === 'object')))) {
    params.append('.r', base64url(new TextEncoder().encode(JSON.stringify(payload))));
  } else {
    for (const [k, v] of flat) {
      for (const item of Array.isArray(v) ? v : [v]) {
        if (item != null && !(Array.isArray(v) && typeof item === 'object'))
          params.append(k, String(item instanceof Date ? item.toISOString() : item));
      }
    }
  }
  return params.toString();
}
