import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import type { Tokens } from '@vitrine/sdk';
import { type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { createAuthStore } from './auth/auth-store.js';
import type { SubscribableTokenStorage } from './auth/local-storage-tokens.js';
import { followOtherTabs } from './cart/cart-tabs.js';
import type { VitrineClient } from './client.js';
import { VitrineContext, type VitrineContextValue } from './context.js';
import { vitrineKeys } from './keys.js';

export interface VitrineProviderProps {
  client: VitrineClient;
  /** default: the enclosing `QueryClientProvider`'s, else one of the provider's own */
  queryClient?: QueryClient;
  /** the storage given to `OAuthStrategy`, when it can be watched: other tabs' logins then reach this one */
  tokenStorage?: SubscribableTokenStorage;
  /** opens a hosted page (checkout, login, logout); default `window.location.assign` */
  navigate?: (url: string) => void;
  /**
   * Member tokens for the session token of a direct login. Default: the SDK's hidden-frame flow
   * (`client.auth.getMemberTokensForDirectLogin`); a server-rendered app may exchange it on its server.
   */
  exchangeSessionToken?: (sessionToken: string) => Promise<Tokens>;
  children?: ReactNode;
}

const assign = (url: string) => window.location.assign(url);

/**
 * Gives the hooks their client and a TanStack Query client, and keeps the cart in step with the
 * shopper: when the tokens change hands (login, logout, here or in another tab) the cart queries are
 * refetched; a member's cart is dropped at once on logout rather than shown until the refetch; when
 * another tab changes the cart, it is refetched here too.
 * @example
 * <VitrineProvider client={client} tokenStorage={storage}><Shop /></VitrineProvider>
 */
export function VitrineProvider(props: VitrineProviderProps): ReactNode {
  const { client, tokenStorage } = props;
  const enclosing = useContext(QueryClientContext);
  const [own] = useState(() => props.queryClient ?? enclosing ?? new QueryClient());
  const queryClient = props.queryClient ?? own;
  const auth = useMemo(() => createAuthStore(client.auth, tokenStorage), [client, tokenStorage]);
  const navigate = props.navigate ?? assign;
  const exchange = props.exchangeSessionToken;
  const value = useMemo<VitrineContextValue>(
    () => ({ client, auth, navigate, exchangeSessionToken: exchange ?? ((t) => client.auth.getMemberTokensForDirectLogin(t)) }),
    [client, auth, navigate, exchange],
  );

  useEffect(() => {
    let last = auth.getStatus();
    return auth.subscribe(() => {
      const next = auth.getStatus();
      if (next === last) return;
      const queryKey = vitrineKeys.cart();
      // The visitor's cart is merged into the member's server-side, so showing it until the refetch is
      // fine; a member's cart must not outlive the logout.
      void (last === 'member' ? queryClient.resetQueries({ queryKey }) : queryClient.invalidateQueries({ queryKey }));
      last = next;
    });
  }, [auth, queryClient]);

  useEffect(() => followOtherTabs(queryClient), [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <VitrineContext.Provider value={value}>{props.children}</VitrineContext.Provider>
    </QueryClientProvider>
  );
}
