import type { Profile } from './profile-schema.js';

/** Identity status names (spec §3 "Identity status"). */
export type StatusName = 'UNKNOWN_STATUS' | 'PENDING' | 'ACTIVE' | 'DELETED' | 'BLOCKED' | 'OFFLINE';
/** Why an identity is PENDING (spec §3 "Status reason"). */
export type StatusReason = 'UNKNOWN_REASON' | 'PENDING_ADMIN_APPROVAL_REQUIRED' | 'PENDING_EMAIL_VERIFICATION_REQUIRED';

export const ADMIN_APPROVAL: StatusReason = 'PENDING_ADMIN_APPROVAL_REQUIRED';
export const EMAIL_VERIFICATION: StatusReason = 'PENDING_EMAIL_VERIFICATION_REQUIRED';

/** An identity row as services read it (never the password hash). */
export interface IdentityRecord {
  id: string;
  email: string;
  status: string;
  status_reasons: string[];
  email_verified: boolean;
  profile: Record<string, unknown>;
  revision: number;
  created_date: Date;
  updated_date: Date;
}

/** The identity on the wire (the `identity` of every authentication answer). */
export interface WireIdentity {
  id: string;
  revision: string;
  createdDate: string;
  updatedDate: string;
  identifiers: { email: string }[];
  email: { address: string; isVerified: boolean };
  status: { name: string; reasons: string[] };
  identityProfile: Profile;
  metadata: { tags: string[] };
}

/** Server authentication states (spec §4). */
export type AuthState = 'SUCCESS' | 'REQUIRE_EMAIL_VERIFICATION' | 'REQUIRE_OWNER_APPROVAL';

/** The answer of login, register, verify and state/proceed (v2 form). */
export interface AuthResponse {
  identity: WireIdentity;
  state: AuthState;
  stateToken?: string;
  sessionToken?: string;
  additionalData: Record<string, never>;
}

/** The answer of sign-on: the identity and a session token for it. */
export interface SignOnResponse {
  identity: WireIdentity;
  sessionToken: string;
}

/** The stored identity in wire form; list fields of the profile are always present. */
export function toWireIdentity(identity: IdentityRecord): WireIdentity {
  const profile = identity.profile as Profile;
  return {
    id: identity.id,
    revision: String(identity.revision),
    createdDate: identity.created_date.toISOString(),
    updatedDate: identity.updated_date.toISOString(),
    identifiers: [{ email: identity.email }],
    email: { address: identity.email, isVerified: identity.email_verified },
    status: { name: identity.status, reasons: identity.status_reasons },
    identityProfile: {
      ...profile,
      emails: profile.emails ?? [],
      phones: profile.phones ?? [],
      addresses: profile.addresses ?? [],
      customFields: profile.customFields ?? [],
      privacyStatus: profile.privacyStatus ?? 'UNDEFINED',
    },
    metadata: { tags: [] },
  };
}

/**
 * The status that follows from the pending reasons: PENDING while any remains, else ACTIVE. A
 * BLOCKED, DELETED or OFFLINE identity keeps its status (only an owner changes those).
 */
export function statusFor(current: string, reasons: string[]): StatusName {
  if (current === 'BLOCKED' || current === 'DELETED' || current === 'OFFLINE') return current;
  return reasons.length > 0 ? 'PENDING' : 'ACTIVE';
}
