import { z } from 'zod';
import type { FieldViolation } from '../../platform/errors.js';
import { isCommonPassword } from './common-passwords.js';

const EMAIL = z.email();

/** Longest e-mail address we accept (RFC 5321 path limit). */
const EMAIL_MAX_LENGTH = 254;

/**
 * The password policy: 8 to 256 characters (counted as Unicode code points), not only whitespace,
 * not the member's own e-mail address (compared case-insensitively) and not one of the most common
 * passwords of leaked sets (the first thing an attacker tries). No composition rules:
 * length is what makes a password strong (NIST SP 800-63B), and a passphrase must be welcome.
 */
export const PASSWORD_POLICY = { minLength: 8, maxLength: 256 } as const;

/** The e-mail as stored and compared: trimmed (case is kept, comparisons are case-insensitive). */
export function normalizeEmail(email: string): string {
  return email.trim();
}

/** The violation of a malformed e-mail address (the SDK maps `data.type: 'EMAIL'` to invalidEmail). */
export function emailViolations(email: string, field: string): FieldViolation[] {
  const normalized = normalizeEmail(email);
  if (normalized.length <= EMAIL_MAX_LENGTH && EMAIL.safeParse(normalized).success) return [];
  return [{ field, description: 'Email is not valid', violatedRule: 'FORMAT', data: { type: 'EMAIL' } }];
}

/** The violations of `password` against the policy, on `field`. */
export async function passwordViolations(password: string, email: string, field: string): Promise<FieldViolation[]> {
  const length = [...password].length;
  const type = 'PASSWORD';
  if (length < PASSWORD_POLICY.minLength) {
    const min = PASSWORD_POLICY.minLength;
    return [{ field, description: `must be at least ${min} characters`, violatedRule: 'MIN_LENGTH', data: { type, min } }];
  }
  if (length > PASSWORD_POLICY.maxLength) {
    const max = PASSWORD_POLICY.maxLength;
    return [{ field, description: `must be at most ${max} characters`, violatedRule: 'MAX_LENGTH', data: { type, max } }];
  }
  if (password.trim() === '') {
    return [{ field, description: 'must not be only whitespace', violatedRule: 'VALIDATION', data: { type } }];
  }
  if (password.trim().toLowerCase() === normalizeEmail(email).toLowerCase()) {
    return [{ field, description: 'must not be the e-mail address', violatedRule: 'VALIDATION', data: { type } }];
  }
  if (await isCommonPassword(password)) {
    const description = 'is one of the most common passwords: choose one that is harder to guess';
    return [{ field, description, violatedRule: 'VALIDATION', data: { type } }];
  }
  return [];
}
