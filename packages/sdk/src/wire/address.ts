/** SDK address key -> REST address key, in the order the reference writes them. */
const KEYS: [sdk: string, rest: string][] = [
  ['city', 'city'],
  ['subdivision', 'subdivision'],
  ['country', 'country'],
  ['postalCode', 'postalCode'],
  ['formatted', 'formattedAddress'],
  ['location', 'geocode'],
  ['addressLine1', 'addressLine'],
  ['addressLine2', 'addressLine2'],
  ['streetAddress', 'streetAddress'],
];

/** Copies the mapped keys that are defined; a street address keeps only name, number, apt (and, read back, its formatted line). */
function mapAddress(a: any, from: 0 | 1): unknown {
  if (!a) return a;
  const out: Record<string, unknown> = {};
  for (const pair of KEYS) {
    let v = a[pair[from]];
    if (pair[0] === 'streetAddress' && v)
      v = { name: v.name, number: v.number, apt: v.apt, ...(from && { formattedAddressLine: v.formattedAddressLine }) };
    if (v !== undefined) out[pair[1 - from]] = v;
  }
  return out;
}

/** SDK address (`formatted`, `location`, `addressLine1`) -> REST address (`formattedAddress`, `geocode`, `addressLine`). */
export const addressToWire = (a: any) => mapAddress(a, 0);
/** REST address -> SDK address. */
export const addressFromWire = (a: any) => mapAddress(a, 1);
