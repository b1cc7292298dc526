/**
 * Identity and authentication enumerations (spec §3 "Enumerations" and §4 states).
 * Each is a const object (runtime values) and a type of the same name (the union of its values).
 */

/** Tag of a profile e-mail. */
export const EmailTag = { UNTAGGED: 'UNTAGGED', MAIN: 'MAIN', HOME: 'HOME', WORK: 'WORK' } as const;
/** Tag of a profile e-mail. */
export type EmailTag = (typeof EmailTag)[keyof typeof EmailTag];

/** Tag of a profile phone. */
export const PhoneTag = {
  UNTAGGED: 'UNTAGGED',
  MAIN: 'MAIN',
  HOME: 'HOME',
  MOBILE: 'MOBILE',
  WORK: 'WORK',
  FAX: 'FAX',
} as const;
/** Tag of a profile phone. */
export type PhoneTag = (typeof PhoneTag)[keyof typeof PhoneTag];

/** Tag of a profile address. */
export const AddressTag = {
  UNTAGGED: 'UNTAGGED',
  HOME: 'HOME',
  WORK: 'WORK',
  BILLING: 'BILLING',
  SHIPPING: 'SHIPPING',
} as const;
/** Tag of a profile address. */
export type AddressTag = (typeof AddressTag)[keyof typeof AddressTag];

/** Whether a member profile is public. */
export const PrivacyStatus = { UNDEFINED: 'UNDEFINED', PUBLIC: 'PUBLIC', PRIVATE: 'PRIVATE' } as const;
/** Whether a member profile is public. */
export type PrivacyStatus = (typeof PrivacyStatus)[keyof typeof PrivacyStatus];

/** Identity status. */
export const StatusName = {
  UNKNOWN_STATUS: 'UNKNOWN_STATUS',
  PENDING: 'PENDING',
  ACTIVE: 'ACTIVE',
  DELETED: 'DELETED',
  BLOCKED: 'BLOCKED',
  OFFLINE: 'OFFLINE',
} as const;
/** Identity status. */
export type StatusName = (typeof StatusName)[keyof typeof StatusName];

/** Why an identity has its status. */
export const Reason = {
  UNKNOWN_REASON: 'UNKNOWN_REASON',
  PENDING_ADMIN_APPROVAL_REQUIRED: 'PENDING_ADMIN_APPROVAL_REQUIRED',
  PENDING_EMAIL_VERIFICATION_REQUIRED: 'PENDING_EMAIL_VERIFICATION_REQUIRED',
} as const;
/** Why an identity has its status. */
export type Reason = (typeof Reason)[keyof typeof Reason];

/** Kind of tenant an identity belongs to. */
export const TenantType = {
  UNKNOWN_TENANT_TYPE: 'UNKNOWN_TENANT_TYPE',
  ACCOUNT: 'ACCOUNT',
  SITE: 'SITE',
  ROOT: 'ROOT',
} as const;
/** Kind of tenant an identity belongs to. */
export type TenantType = (typeof TenantType)[keyof typeof TenantType];

/**
 * Role of a refresh token: no tokens, anonymous visitor, or logged-in member (spec §6).
 * Members are spelled as in the spec (`none`, `visitor`, `member`); the upper-case keys are the
 * reference client's names, kept so ported storefront code (`TokenRole.MEMBER`) compiles.
 */
export const TokenRole = {
  none: 'none',
  visitor: 'visitor',
  member: 'member',
  NONE: 'none',
  VISITOR: 'visitor',
  MEMBER: 'member',
} as const;
/** Role of a refresh token: no tokens, anonymous visitor, or logged-in member (spec §6). */
export type TokenRole = (typeof TokenRole)[keyof typeof TokenRole];

/** Server authentication state of a login, register or verify answer (spec §4). */
export const StateType = {
  UNKNOWN_STATE: 'UNKNOWN_STATE',
  SUCCESS: 'SUCCESS',
  REQUIRE_OWNER_APPROVAL: 'REQUIRE_OWNER_APPROVAL',
  REQUIRE_EMAIL_VERIFICATION: 'REQUIRE_EMAIL_VERIFICATION',
  STATUS_CHECK: 'STATUS_CHECK',
} as const;
/** Server authentication state of a login, register or verify answer (spec §4). */
export type StateType = (typeof StateType)[keyof typeof StateType];

/** Client login state of the OAuth strategy's state machine (spec §4). */
export const LoginState = {
  INITIAL: 'INITIAL',
  SUCCESS: 'SUCCESS',
  FAILURE: 'FAILURE',
  EMAIL_VERIFICATION_REQUIRED: 'EMAIL_VERIFICATION_REQUIRED',
  OWNER_APPROVAL_REQUIRED: 'OWNER_APPROVAL_REQUIRED',
  USER_CAPTCHA_REQUIRED: 'USER_CAPTCHA_REQUIRED',
  SILENT_CAPTCHA_REQUIRED: 'SILENT_CAPTCHA_REQUIRED',
} as const;
/** Client login state of the OAuth strategy's state machine (spec §4). */
export type LoginState = (typeof LoginState)[keyof typeof LoginState];
