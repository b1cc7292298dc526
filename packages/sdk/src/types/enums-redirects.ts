/**
 * Redirect-session enumerations (spec §3 "Enumerations").
 * Each is a const object (runtime values) and a type of the same name (the union of its values).
 */

/** Where a bookings slot takes place. */
export const LocationType = {
  UNDEFINED: 'UNDEFINED',
  OWNER_BUSINESS: 'OWNER_BUSINESS',
  OWNER_CUSTOM: 'OWNER_CUSTOM',
  CUSTOM: 'CUSTOM',
} as const;
/** Where a bookings slot takes place. */
export type LocationType = (typeof LocationType)[keyof typeof LocationType];

/** Login prompt of an authorize redirect (lower-case on the wire; default `login`). */
export const Prompt = {
  login: 'login',
  none: 'none',
  consent: 'consent',
  select_account: 'select_account',
} as const;
/** Login prompt of an authorize redirect (lower-case on the wire; default `login`). */
export type Prompt = (typeof Prompt)[keyof typeof Prompt];

/** Section of the hosted members account page. */
export const MembersAccountSection = {
  ACCOUNT_INFO: 'ACCOUNT_INFO',
  BOOKINGS: 'BOOKINGS',
  ORDERS: 'ORDERS',
  SUBSCRIPTIONS: 'SUBSCRIPTIONS',
  EVENTS: 'EVENTS',
} as const;
/** Section of the hosted members account page. */
export type MembersAccountSection = (typeof MembersAccountSection)[keyof typeof MembersAccountSection];

/** Flow a callback URL belongs to. */
export const CallbackType = {
  UNKNOWN: 'UNKNOWN',
  LOGOUT: 'LOGOUT',
  CHECKOUT: 'CHECKOUT',
  AUTHORIZE: 'AUTHORIZE',
} as const;
/** Flow a callback URL belongs to. */
export type CallbackType = (typeof CallbackType)[keyof typeof CallbackType];
