/**
 * JSON text made once for a value that goes to two places: the cart a write answers is also the
 * payload of the event it records, and turning a priced cart into JSON is a tenth of a cart call's
 * CPU (bench/api-cart). Only for values nobody changes once built (the answers' views are built per
 * request and only read afterwards); the text is forgotten with the value.
 */
const texts = new WeakMap<object, string>();

/** `JSON.stringify(value)`, made once per value. */
export function jsonOnce(value: object): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}

/**
 * `JSON.stringify(value)`, taking the members of a plain object that `jsonOnce` already made into
 * text from there. Keys keep their order; members JSON leaves out (undefined, functions) are left out.
 */
export function jsonReusing(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || 'toJSON' in value) return JSON.stringify(value);
  const record = value as Record<string, unknown>;
  let out = '{';
  for (const key of Object.keys(record)) {
    const member = record[key];
    const text = (typeof member === 'object' && member !== null ? texts.get(member) : undefined) ?? JSON.stringify(member);
    if (text === undefined) continue; // undefined, a function or a symbol: left out, as JSON.stringify does
    out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${text}`;
  }
  return `${out}}`;
}
