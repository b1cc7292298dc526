import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The ~49,000 most common passwords of leaked password sets, as zxcvbn-ts keeps them (lower case),
 * built into a set once, when the module first loads.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

/** Whether `password` is one of the most common passwords, ignoring case and surrounding spaces. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
