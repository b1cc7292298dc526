/** What `<VitrineProvider>` gives every hook below it. */
import type { Tokens } from '@vitrine/sdk';
import { createContext, useContext } from 'react';
import type { AuthStore } from './auth/auth-store.js';
import type { VitrineClient } from './client.js';

export interface VitrineContextValue {
  client: VitrineClient;
  auth: AuthStore;
  /** where hosted pages (checkout, login, logout) are opened */
  navigate: (url: string) => void;
  /** member tokens for a direct login's session token */
  exchangeSessionToken: (sessionToken: string) => Promise<Tokens>;
}

export const VitrineContext = createContext<VitrineContextValue | null>(null);

/**
 * The provider's client and services.
 * @throws TypeError when called outside `<VitrineProvider>`
 */
export function useVitrine(): VitrineContextValue {
  const v = useContext(VitrineContext);
  if (!v) throw new TypeError('Vitrine hooks must be used inside <VitrineProvider client={…}>');
  return v;
}
