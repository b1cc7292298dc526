/** Sentences for the shopper about a refused sign-in, registration, code or reset (spec §8 codes). */
import type { LoginErrorCode } from '@vitrine/sdk';

const NETWORK = /failed to fetch|networkerror|network request failed|load failed|fetch failed/i;

/** What a new password needs, said beside every field that takes one (before and after a refusal). */
export const PASSWORD_RULE = 'At least 8 characters. A long password you use nowhere else is best.';

/** The account forms' fields as the shopper reads them, by the last segment of the server's path. */
const FIELD_LABELS: Record<string, string> = {
  password: 'Password',
  newPassword: 'New password',
  email: 'E-mail address',
  firstName: 'First name',
  lastName: 'Last name',
};

/** A field's name as a person reads it: its label, else its last path segment in words (`options.loginId` → "Login id"). */
function fieldLabel(path: string, labels: Record<string, string> = FIELD_LABELS): string {
  const last = path.split('.').pop() ?? path;
  if (labels[last]) return labels[last];
  const words = last.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `"options.password" must be…` (the SDK's wording of a field violation) → `Password must be…`. */
const withoutWireNames = (message: string) => message.replace(/"([\w.[\]]+)"\s*/g, (_, path: string) => `${fieldLabel(path)} `);

/** A server message as a sentence: capital first letter, full stop at the end, no wire field names. */
const sentence = (message: string) => {
  const text = withoutWireNames(message.trim().replace(/^INVALID_ARGUMENT:?\s*/, 'Please check the form: '));
  if (!text) return 'Something went wrong. Please try again.';
  const capital = text[0].toUpperCase() + text.slice(1);
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
    return violations
      .map((violation) => sentence(`${fieldLabel(violation.field, { ...FIELD_LABELS, ...labels })} ${violation.description}`))
      .join(' ');
  }
  return authErrorMessage(refused.details?.applicationError?.description || refused.message || String(error));
}
