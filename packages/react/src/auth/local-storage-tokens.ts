/** A token storage for `OAuthStrategy` that lives in `localStorage` and tells its subscribers about changes. */
import type { TokenStorage, Tokens } from '@vitrine/sdk';

/** A token storage whose changes can be watched (this tab's writes and other tabs' alike). */
export interface SubscribableTokenStorage extends TokenStorage {
  /** Calls `listener` after every change of the stored tokens; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** `localStorage` when this is a browser and it works (not private mode with no quota), else undefined. */
function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Tokens kept in `localStorage` under `key`: they survive reloads and are shared by the tabs. On the
 * server (no `window`) or when storage fails they stay in this instance's memory, so one SSR request
 * never sees another's tokens. Another tab's login or logout arrives as a `storage` event and is passed
 * on to the subscribers (`<VitrineProvider tokenStorage>` rerenders `useAuth` and refetches the cart).
 * @example OAuthStrategy({ clientId, tokenStorage: localStorageTokenStorage() })
 */
export function localStorageTokenStorage(key = 'vitrine.tokens'): SubscribableTokenStorage {
  let memory: Tokens | undefined;
  // After a failed write the memory copy is newer than whatever the storage holds.
  let writeFailed = false;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of [...listeners]) l();
  };
  // Only the other tabs fire `storage`; `key === null` is a `localStorage.clear()` there.
  const onStorage = (e: StorageEvent) => {
    if (e.key === key || e.key === null) notify();
  };
  return {
    getTokens() {
      const storage = browserStorage();
      if (!storage || writeFailed) return memory;
      const raw = storage.getItem(key);
      // Absent: never written, or cleared by another tab (then this tab is signed out too).
      if (!raw) return undefined;
      try {
        return JSON.parse(raw) as Tokens;
      } catch {
        return memory;
      }
    },
    setTokens(tokens) {
      memory = tokens;
      try {
        browserStorage()?.setItem(key, JSON.stringify(tokens));
        writeFailed = false;
      } catch {
        // quota or private mode: the memory copy is all there is
        writeFailed = true;
      }
      notify();
    },
    subscribe(listener) {
      if (!listeners.size && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (!listeners.size && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
  };
}
