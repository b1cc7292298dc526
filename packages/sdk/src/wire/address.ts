const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
const street = (s: any) => s && { name: s.name, number: s.number, apt: s.apt };

/** SDK address (`formatted`, `location`, `addressLine1`) -> REST address (`formattedAddress`, `geocode`, `addressLine`). */
export const addressToWire = (a: any): unknown =>
  a &&
  defined({
    city: a.city,
    subdivision: a.subdivision,
    country: a.country,
    postalCode: a.postalCode,
    formattedAddress: a.formatted,
    geocode: a.location,
    addressLine: a.addressLine1,
    addressLine2: a.addressLine2,
    streetAddress: street(a.streetAddress),
  });

/** REST address -> SDK address. */
export const addressFromWire = (a: any): unknown =>
  a &&
  defined({
    formatted: a.formattedAddress,
    location: a.geocode,
    addressLine1: a.addressLine,
    addressLine2: a.addressLine2,
    streetAddress: a.streetAddress && { ...street(a.streetAddress), formattedAddressLine: a.streetAddress.formattedAddressLine },
    city: a.city,
    subdivision: a.subdivision,
    country: a.country,
    postalCode: a.postalCode,
  });
