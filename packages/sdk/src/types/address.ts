/** SDK-side address, shared by cart, checkout and identity (spec §3 "Address"). */

/** Geographic coordinates of an address (`geocode` on the wire). */
export interface AddressLocation {
  latitude?: number | null;
  longitude?: number | null;
}

/** Street part of an address. */
export interface StreetAddress {
  /** street name */
  name?: string;
  /** house number */
  number?: string;
  /** apartment */
  apt?: string;
  formattedAddressLine?: string | null;
}

/**
 * An address as the SDK returns and accepts it. The wire names differ (`formattedAddress`,
 * `geocode`, `addressLine`); the transport maps them.
 */
export interface Address {
  /** the whole address on one line (`formattedAddress` on the wire) */
  formatted?: string | null;
  /** coordinates (`geocode` on the wire) */
  location?: AddressLocation;
  /** first street line (`addressLine` on the wire) */
  addressLine1?: string | null;
  addressLine2?: string | null;
  streetAddress?: StreetAddress;
  city?: string | null;
  /** ISO 3166-2 code, e.g. `US-NY` */
  subdivision?: string | null;
  /** ISO 3166-1 alpha-2 code, e.g. `US` */
  country?: string | null;
  postalCode?: string | null;
  /** free-text delivery hint */
  hint?: string | null;
}
