import { useEffect, useRef, useState } from 'react';
import { useAuth } from './use-auth.js';

/**
 * The callback page's half of the hosted login: on mount, exchanges the code in this page's URL for
 * the member's tokens, then hands `onSignedIn` the address the shopper started from. The code is good
 * for one exchange only, so a second effect (strict mode, a re-render) does not try again. Answers
 * `{ failure }` once the exchange failed (a refused login, a replayed or stale URL), else undefined.
 * @example
 * const failed = useRedirectLoginCallback((originalUri) => navigate(pathOf(originalUri), { replace: true }));
 */
export function useRedirectLoginCallback(onSignedIn: (originalUri: string) => void): { failure: unknown } | undefined {
  const { completeRedirectLogin } = useAuth();
  const started = useRef(false);
  const [failed, setFailed] = useState<{ failure: unknown }>();
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    completeRedirectLogin(window.location.href).then(
      ({ originalUri }) => onSignedIn(originalUri),
      (failure: unknown) => setFailed({ failure }),
    );
  }, [completeRedirectLogin, onSignedIn]);
  return failed;
}
