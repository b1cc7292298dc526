import { defineErrors } from '../../platform/errors.js';

/**
 * Identity error codes. The numeric wire codes are the ones the SDK maps to login/register error
 * codes (spec §8); the others are ours, named for what went wrong. Captcha codes (-19971, -19970)
 * belong to the captcha gate's table.
 */
export const IdentityErrors = defineErrors({
  EMAIL_ALREADY_EXISTS: {
    status: 409,
    message: 'Registration failed',
    description: 'A member with this e-mail already exists',
    wireCode: '-19995',
  },
  NO_MEMBER_WITH_EMAIL: { status: 404, message: 'Login failed', description: 'No member has this e-mail', wireCode: '-19999' },
  WRONG_PASSWORD: { status: 403, message: 'Login failed', description: 'The password is wrong', wireCode: '-19976' },
  MUST_RESET_PASSWORD: {
    status: 403,
    message: 'Login failed',
    description: 'The member must set a new password through password recovery',
    wireCode: '-19973',
  },
  MEMBER_BLOCKED: { status: 403, message: 'Login failed', description: 'The member is blocked' },
  MEMBER_DELETED: { status: 403, message: 'Login failed', description: 'The member was deleted' },
  MEMBER_NOT_ACTIVE: { status: 403, message: 'Member not active', description: 'The member is waiting for owner approval or not active' },
  IDENTITY_NOT_FOUND: { status: 404, message: 'Not found', description: 'No identity has this id' },
  MERCHANT_REMOVES_SELF: { status: 409, message: 'Not removed', description: 'A merchant cannot remove themselves' },
  LAST_OWNER: { status: 409, message: 'Not removed', description: 'The shop keeps at least one owner' },
  INVALID_STATE_TOKEN: {
    status: 400,
    message: 'Invalid state token',
    description: 'The state token is unknown, expired or already used; log in again',
  },
  WRONG_VERIFICATION_CODE: { status: 400, message: 'Verification failed', description: 'The verification code is wrong' },
  VERIFICATION_CODE_EXPIRED: {
    status: 400,
    message: 'Verification failed',
    description: 'The verification code expired or was replaced; ask for a new one',
  },
  TOO_MANY_VERIFICATION_ATTEMPTS: {
    status: 429,
    message: 'Verification failed',
    description: 'Too many wrong codes; ask for a new one',
  },
  VERIFICATION_CODE_TOO_SOON: {
    status: 429,
    message: 'Too many requests',
    description: 'A code was sent less than 30 seconds ago; wait before asking for another',
  },
  INVALID_RECOVERY_TOKEN: {
    status: 400,
    message: 'Recovery failed',
    description: 'The recovery link is unknown, expired or already used; ask for a new one',
  },
  UNKNOWN_IDP_CONNECTION: { status: 400, message: 'Login failed', description: 'No identity provider connection has this id' },
  INVALID_ID_TOKEN: {
    status: 401,
    message: 'Login failed',
    description: 'The ID token does not verify',
  },
  IDP_EMAIL_NOT_VERIFIED: {
    status: 403,
    message: 'Login failed',
    description: 'The identity provider says the e-mail is not verified; verify it there first',
  },
  IDP_UNAVAILABLE: {
    status: 502,
    message: 'Login failed',
    description: "The identity provider's signing keys could not be fetched; try again later",
  },
});
