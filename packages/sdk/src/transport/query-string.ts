import { base64url } from '../wire/base64url.js';

/** Longest query string a GET may carry before a call switches to its fallback (spec section 9). */
export const LONG_GET = 4000;

/** `{a: {b: 1}, c: [1, 2]}` -> `[['a.b', 1], ['c', [1, 2]]]`. */
function flatten(data: Record<string, unknown>, prefix = '', out: [string, unknown][] = []) {
  for (const [field, value] of Object.entries(data)) {
    const key = prefix ? `${prefix}.${field}` : field;
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date))
      flatten(value as Record<string, unknown>, key, out);
    else out.push([key, value]);
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
  if (
    nested &&
    flat.some(([key, value]) => key.includes('.') || (Array.isArray(value) && value.some((item) => typeof item === 'object')))
  ) {
    params.append('.r', base64url(new TextEncoder().encode(JSON.stringify(payload))));
  } else {
    for (const [key, value] of flat) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item != null && !(Array.isArray(value) && typeof item === 'object'))
          params.append(key, String(item instanceof Date ? item.toISOString() : item));
      }
    }
  }
  return params.toString();
}
