import { QueryClient } from '@tanstack/react-query';
import { VitrineProvider } from '@vitrine/react';
import { type ReactNode, useState } from 'react';
import { type ShopClientSettings, shopClient } from '../lib/shop-client.js';

/**
 * The shopper's session for every page: the Vitrine client and a TanStack Query cache (one per page
 * load; a server render gets its own). Catalogue pages keep reading through their loaders; the cart and
 * the account go through @vitrine/react's hooks.
 */
export function ShopProviders({ settings, children }: { settings: ShopClientSettings; children: ReactNode }) {
  const [{ client, tokenStorage }] = useState(() => shopClient(settings));
  const [queryClient] = useState(
    () =>
      new QueryClient({
        // a shopper's cart changes in other tabs too: refetch on focus, but not on every mount
        defaultOptions: { queries: { staleTime: 30_000, retry: 1 } },
      }),
  );
  return (
    <VitrineProvider client={client} tokenStorage={tokenStorage} queryClient={queryClient}>
      {children}
    </VitrineProvider>
  );
}
