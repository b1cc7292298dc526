/** Where a tax rate applies. */
export type TaxJurisdictionType = 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'SPECIAL';
/** MANUAL: the shop's rates; AUTO: an automatic provider (none built in: the manual rates as fallback); NONE. */
export type TaxMode = 'MANUAL' | 'AUTO' | 'NONE';

/** How the shop charges tax. */
export interface TaxSettings {
  /** catalogue prices already contain tax (EU style) */
  taxIncludedInPrices?: boolean;
  taxMode?: TaxMode;
  /** shipping is taxed at the rates of the address */
  taxShipping?: boolean;
  _updatedDate?: Date;
}

/** A manual tax rate (Vitrine's merchant settings). */
export interface TaxRate {
  _id?: string;
  name?: string;
  jurisdictionType?: TaxJurisdictionType;
  /** ISO 3166-1 alpha-2 */
  country?: string;
  /** STATE, COUNTY and CITY: the ISO 3166-2 subdivision the place is in ("US-NY") */
  subdivision?: string | null;
  /** COUNTY: its name */
  county?: string | null;
  /** CITY: its name (matched without regard to case) */
  city?: string | null;
  /** COUNTY (required) and SPECIAL (empty: all): the postal codes the place covers */
  postalCodes?: string[];
  /** a fraction from 0 to 1 as a decimal string ("0.0725" is 7.25 %) */
  rate?: string;
  appliesToShipping?: boolean;
  _createdDate?: Date;
}
