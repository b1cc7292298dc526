import type { Tokens } from './tokens.js';

/**
 * Where a strategy keeps its tokens. Read on every use and written on every change, so a storage
 * shared between tabs (or a cookie) always has the newest pair. `getTokens` may return nothing.
 */
export interface TokenStorage {
  getTokens(): Tokens | null | undefined;
  setTokens(tokens: Tokens): void;
}

/** The default: tokens live in memory, starting with `initial`. */
export const memoryTokens = (initial?: Tokens): TokenStorage => ({
  getTokens: () => initial,
  setTokens: (tokens) => {
    initial = tokens;
  },
});

/**
 * Tokens kept in `localStorage` under `key`: they survive reloads and are shared by the tabs.
 * Without a usable `localStorage` (server, private mode, full quota) they stay in memory.
 * @example OAuthStrategy({ clientId, tokenStorage: localStorageTokens() })
 */
export function localStorageTokens(key = 'vitrine.tokens'): TokenStorage {
  let last: Tokens | undefined;
  return {
    getTokens: () => {
      try {
        return JSON.parse(localStorage.getItem(key) as string) ?? last;
      } catch {
        return last;
      }
    },
    setTokens: (tokens) => {
      last = tokens;
      try {
        localStorage.setItem(key, JSON.stringify(tokens));
      } catch {
        // kept in memory only
      }
    },
  };
}
