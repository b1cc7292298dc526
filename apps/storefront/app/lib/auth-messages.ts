/** Sentences for the shopper about a refused sign-in, registration, code or reset (spec §8 codes). */
import type { LoginErrorCode } from '@vitrine/sdk';

const NETWORK = /failed to fetch|networkerror|network request failed|load failed|fetch failed/i;

/** A server message as a sentence: capital first letter, full stop at the end. */
const sentence = (s: string) => {
  const t = s.trim().replace(/^INVALID_ARGUMENT:?\s*/, 'Please check the form: ');
  if (!t) return 'Something went wrong. Please try again.';
  const capital = t[0].toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

/**
 * What to tell the shopper about a refused sign-in, registration or code (spec §8): a sentence for
 * each error code, the server's own words otherwise, and a plain word for a network failure.
 */
export function authErrorMessage(error: string, errorCode?: LoginErrorCode): string {
  if (NETWORK.test(error)) return 'The shop could not be reached. Check your connection and try again.';
  switch (errorCode) {
    case 'invalidPassword':
      return 'Wrong e-mail or password. Check them and try again, or reset your password.';
    case 'resetPassword':
      return 'This account needs a new password before you can sign in. Use “Forgot your password?” to set one.';
    case 'emailAlreadyExists':
      return 'An account with this e-mail address already exists. Sign in instead, or reset your password.';
    case 'missingCaptchaToken':
    case 'invalidCaptchaToken':
      return 'The shop needs to check that you are not a robot.';
    default:
      return sentence(error);
  }
}

interface RefusedCall {
  message?: string;
  details?: {
    validationError?: { fieldViolations?: { field: string; description: string }[] };
    applicationError?: { description?: string };
  };
}

/**
 * What to tell the member about a refused account form: each field the server refused under its
 * label ("New password must be at least 8 characters."), else the server's own words.
 * @param labels the form's labels by field name (the last segment of the server's path: `input.firstName` → `firstName`)
 */
export function formErrorMessage(error: unknown, labels: Record<string, string>): string {
  const refused = (error ?? {}) as RefusedCall;
  const violations = refused.details?.validationError?.fieldViolations ?? [];
  if (violations.length) {
    return violations.map((v) => sentence(`${labels[v.field.split('.').pop() ?? ''] ?? v.field} ${v.description}`)).join(' ');
  }
  return authErrorMessage(refused.details?.applicationError?.description || refused.message || String(error));
}
