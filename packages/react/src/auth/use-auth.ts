import { useSyncExternalStore } from 'react';
import { useVitrine } from '../context.js';
import type { AuthStatus } from './auth-store.js';
import { completeRedirectLogin, loginWithRedirect, type RedirectLoginOptions } from './redirect-login.js';
import { type LoginFlow, useLoginFlow } from './use-login-flow.js';

export interface UseAuthResult extends LoginFlow {
  /** `member` when a member refresh token is stored, else `visitor` (spec §4) */
  status: AuthStatus;
  isMember: boolean;
  /** Opens the hosted login page (PKCE); the callback page calls `completeRedirectLogin()`. */
  loginWithRedirect(options: RedirectLoginOptions): Promise<void>;
  /** On the callback page: stores the member tokens; resolves to where the shopper came from. */
  completeRedirectLogin(url?: string): Promise<{ originalUri: string }>;
  /** Clears the tokens and opens the hosted logout, which returns to `returnTo` (default: this page). */
  logout(options?: { returnTo?: string }): Promise<void>;
  /** E-mails a password-reset link that leads back to `redirectUri` (default: this page). */
  sendPasswordReset(email: string, options?: { redirectUri?: string }): Promise<void>;
}

/** On the server nobody is logged in: member state is a browser's (its token storage). */
const serverStatus = (): AuthStatus => 'visitor';

/**
 * Who the shopper is and every way to change it: direct login and registration as a state machine
 * (`flow`), e-mail code verification, captcha retries, hosted (redirect) login, logout and password
 * reset. Rerenders when the tokens change, in this tab or, with `localStorageTokenStorage`, another.
 * @example
 * const { status, flow, login, verifyEmail } = useAuth();
 * if (flow.state === 'EMAIL_VERIFICATION_REQUIRED') return <CodeForm onCode={verifyEmail} error={flow.error} />;
 * @see spec §4 "Client login states", §7 "Authentication"
 */
export function useAuth(): UseAuthResult {
  const v = useVitrine();
  const status = useSyncExternalStore(v.auth.subscribe, v.auth.getStatus, serverStatus);
  const flow = useLoginFlow();
  return {
    ...flow,
    status,
    isMember: status === 'member',
    loginWithRedirect: (options) => loginWithRedirect(v, options),
    completeRedirectLogin: (url) => completeRedirectLogin(v, url),
    logout: async (options = {}) => {
      const { logoutUrl } = await v.client.auth.logout(options.returnTo ?? window.location.href);
      flow.reset();
      v.auth.notify();
      v.navigate(logoutUrl);
    },
    sendPasswordReset: (email, options = {}) => v.client.auth.sendPasswordResetEmail(email, options.redirectUri ?? window.location.href),
  };
}
