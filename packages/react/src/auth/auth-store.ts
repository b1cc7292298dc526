/** Who the client's tokens belong to, as an external store React can subscribe to. */
import type { OAuthStrategyInstance } from '@vitrine/sdk';
import type { SubscribableTokenStorage } from './local-storage-tokens.js';

/** Visitor (anonymous, or no tokens yet) or member (a member refresh token is stored). */
export type AuthStatus = 'visitor' | 'member';

export interface AuthStore {
  /** the status now, read from the strategy's storage (cheap: one string compare) */
  getStatus(): AuthStatus;
  subscribe(listener: () => void): () => void;
  /** Tells the subscribers the tokens changed (this tab's login, logout, or a storage without `subscribe`). */
  notify(): void;
}

/**
 * The status store of one provider. It hears the token storage when that can be watched
 * (`localStorageTokenStorage`: other tabs too) and every `notify()` of the bindings' own flows.
 */
export function createAuthStore(auth: OAuthStrategyInstance, storage?: SubscribableTokenStorage): AuthStore {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of [...listeners]) l();
  };
  let unwatch: (() => void) | undefined;
  return {
    getStatus: () => (auth.loggedIn() ? 'member' : 'visitor'),
    subscribe(listener) {
      if (!listeners.size) unwatch = storage?.subscribe(notify);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (!listeners.size) unwatch?.();
      };
    },
    notify,
  };
}
