/** Where the console's page keeps its tokens: in memory, gone with the page, watched by the provider. */
import type { SubscribableTokenStorage } from '@vitrine/react';
import type { Tokens } from '@vitrine/sdk';

/**
 * Tokens in this page's memory only (the console holds access tokens alone: its refresh token is in
 * an HttpOnly cookie). Subscribers hear every change, so a session that ends at renewal (signed out
 * elsewhere, no longer a merchant) shows the sign-in at once.
 */
export function memoryTokenStorage(): SubscribableTokenStorage {
  let held: Tokens | undefined;
  const listeners = new Set<() => void>();
  return {
    getTokens: () => held,
    setTokens(tokens) {
      held = tokens;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
