import type { Address, StreetAddress } from './address.js';
import type { AddressTag, EmailTag, PhoneTag, PrivacyStatus, Reason, StatusName, TenantType } from './enums-identity.js';

/** A typed custom value: exactly one of its fields is set. */
export interface CustomValue {
  strValue?: string;
  numValue?: number;
  dateValue?: Date;
  listValue?: { value?: CustomValue[] };
  mapValue?: { value?: Record<string, CustomValue> };
}

/** A named custom field of a profile. */
export interface CustomField {
  /** e.g. `custom.birthday` */
  name?: string;
  value?: CustomValue;
}

/** A profile e-mail. */
export interface ProfileEmail {
  email?: string;
  tag?: EmailTag;
}

/** A profile phone. */
export interface ProfilePhone {
  phone?: string;
  tag?: PhoneTag;
}

/** A profile phone with country code and E.164 form. */
export interface PhoneV2 {
  _id?: string | null;
  countryCode?: string | null;
  phone?: string;
  e164Phone?: string | null;
  tag?: PhoneTag;
  primary?: boolean;
}

/**
 * An address of an identity profile. The reference leaves non-finite coordinates here as strings
 * (`"NaN"`), unlike cart addresses (corpus "Known oddities").
 */
export interface IdentityAddressValue extends Omit<Address, 'location'> {
  location?: { latitude?: number | string | null; longitude?: number | string | null };
  streetAddress?: StreetAddress;
}

/** A tagged profile address. */
export interface ProfileAddress {
  _id?: string | null;
  tag?: AddressTag;
  address?: IdentityAddressValue;
}

/** Personal data of an identity (also the `profile` of register and sign-on). */
export interface IdentityProfile {
  firstName?: string | null;
  lastName?: string | null;
  nickname?: string | null;
  /** image URL */
  picture?: string | null;
  emails?: ProfileEmail[];
  secondaryEmails?: ProfileEmail[];
  phones?: ProfilePhone[];
  phonesV2?: PhoneV2[];
  labels?: string[];
  /** IETF language tag */
  language?: string | null;
  privacyStatus?: PrivacyStatus;
  /** `YYYY-MM-DD` */
  birthdate?: string | null;
  gender?: string | null;
  position?: string | null;
  company?: string | null;
  addresses?: ProfileAddress[];
  customFields?: CustomField[];
}

/** How an identity logs in. */
export interface Identifier {
  email?: string;
  userName?: string;
}

/** The identity's login e-mail and whether it is verified. */
export interface IdentityEmail {
  address?: string;
  isVerified?: boolean;
}

/** Status of an identity and its reasons. */
export interface IdentityStatus {
  name?: StatusName;
  reasons?: Reason[];
}

/** An authentication factor of an identity. */
export interface Factor {
  factorId?: string;
  type?: string;
  status?: string;
}

/** Tags and other metadata of an identity. */
export interface IdentityMetadata {
  tags?: string[];
}

/** The tenant (account or site) an identity belongs to. */
export interface Tenant {
  _id?: string;
  tenantType?: TenantType;
}

/** A visitor's or member's identity (spec §3 "Identity"). */
export interface Identity {
  _id?: string | null;
  _createdDate?: Date | null;
  _updatedDate?: Date | null;
  /** incremented on every change; a 64-bit number as a string */
  revision?: string | null;
  identifiers?: Identifier[];
  email?: IdentityEmail;
  status?: IdentityStatus;
  factors?: Factor[];
  metadata?: IdentityMetadata;
  identityProfile?: IdentityProfile;
}
