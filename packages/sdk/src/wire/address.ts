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
function mapAddress(address: any, from: 0 | 1): unknown {
  if (!address) return address;
  const out: Record<string, unknown> = {};
  for (const pair of KEYS) {
    let value = address[pair[from]];
    if (pair[0] === 'streetAddress' && value)
      value = { name: value.name, number: value.number, apt: value.apt, ...(from && { formattedAddressLine: value.formattedAddressLine }) };
    if (value !== undefined) out[pair[1 - from]] = value;
  }
  return out;
}

/** SDK address (`formatted`, `location`, `addressLine1`) -> REST address (`formattedAddress`, `geocode`, `addressLine`). */
export const addressToWire = (address: any) => mapAddress(address, 0);
/** REST address -> SDK address. */
export const addressFromWire = (address: any) => mapAddress(address, 1);
