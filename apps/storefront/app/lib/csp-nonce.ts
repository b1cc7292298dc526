import { createContext, useContext } from 'react';

/**
 * The response's CSP nonce on the server (entry.server.tsx provides it), for inline elements React Router
 * does not write itself (the style sheet). Undefined in the browser, which hides nonces from scripts and
 * needs none for what it renders after hydration.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

/** This response's CSP nonce, on the server. */
export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
