const TO_WIRE: Record<string, string> = { _id: 'id', _createdDate: 'createdDate', _updatedDate: 'updatedDate' };
const FROM_WIRE = Object.fromEntries(Object.entries(TO_WIRE).map(([sdk, wire]) => [wire, sdk]));

const isPlain = (value: unknown): value is Record<string, unknown> => {
  const proto = value !== null && typeof value === 'object' && Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * Copies plain objects and arrays, renaming entity keys at every depth (a key is kept when its
 * new name is already there). Dates, byte arrays and other class instances are kept as they are.
 * Returns a fresh tree: the caller's objects are never changed (WIRE.md: arguments not mutated).
 */
function renamed(value: unknown, map: Record<string, string>): any {
  if (Array.isArray(value)) return value.map((item) => renamed(item, map));
  if (!isPlain(value)) return value;
  const out: Record<string, unknown> = {};
  const moved: [string, unknown][] = [];
  for (const [key, child] of Object.entries(value)) {
    const to = Object.hasOwn(map, key) ? map[key] : undefined;
    if (to && !(to in value)) moved.push([to, renamed(child, map)]);
    else out[key] = renamed(child, map);
  }
  for (const [key, child] of moved) out[key] = child;
  return out;
}

/** SDK names to wire names (`_id` → `id`…), as a fresh copy. */
export const toWireNames = (value: unknown) => renamed(value, TO_WIRE);
/** Wire names to SDK names (`id` → `_id`…), as a fresh copy. */
export const fromWireNames = (value: unknown) => renamed(value, FROM_WIRE);
/** The wire name of one SDK key. */
export const wireName = (key: string) => (Object.hasOwn(TO_WIRE, key) ? TO_WIRE[key] : key);
/** The wire name of a dotted SDK field path, segment by segment (`variants._id` → `variants.id`). */
export const wireFieldPath = (path: string) => path.split('.').map(wireName).join('.');
