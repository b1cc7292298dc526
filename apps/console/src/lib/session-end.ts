/**
 * A console session that ended on its own (issue #24): the merchant's access token was refused
 * (401: removed, revoked, or expired with no session left to renew it). The console keeps the open
 * forms' drafts, says "Your session ended: sign in again" on the sign-in, and brings the drafts back
 * once the merchant is signed in again.
 */
import { VitrineError } from '@vitrine/sdk';
import { keepOpenDrafts } from './kept-drafts.js';

/** Set in this tab's `sessionStorage` from the session's end until the next sign-in completes. */
const ENDED_KEY = 'vitrine.console.session-ended';

/** Whether a failed call means the session ended: the server refused the merchant's token. */
export const endsSession = (error: unknown): boolean => error instanceof VitrineError && error.status === 401;

/** Keeps the open drafts and notes the end for the sign-in; `forgetTokens` then shows the sign-in. */
export function sessionEnded(forgetTokens: () => void): void {
  keepOpenDrafts();
  try {
    sessionStorage.setItem(ENDED_KEY, '1');
  } catch {
    // the sign-in shows without the note
  }
  forgetTokens();
}

/** Whether the sign-in should say that the session ended. */
export function sessionEndedNoted(): boolean {
  try {
    return sessionStorage.getItem(ENDED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Forgets the note (signed in again). */
export function forgetSessionEnd(): void {
  try {
    sessionStorage.removeItem(ENDED_KEY);
  } catch {
    // nothing was noted either
  }
}
