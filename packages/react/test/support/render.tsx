/** Rendering hooks inside a provider of the test shop. */
import { QueryClient } from '@tanstack/react-query';
import { cleanup, configure, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect } from 'vitest';
import type { SubscribableTokenStorage } from '../../src/auth/local-storage-tokens.js';
import type { VitrineClient } from '../../src/client.js';
import { VitrineProvider } from '../../src/provider.js';
import { exchangeByRedirect } from './shop.js';

// Each test file runs its own server and database next to the others: under a full parallel run an
// answer can take longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 5000 });
// Testing Library unmounts by itself only with Vitest's globals on: without it a tree left mounted keeps
// React working after the file's jsdom is gone ("window is not defined").
afterEach(cleanup);

export interface Harness {
  queryClient: QueryClient;
  /** every URL the bindings opened (checkout, hosted login, logout) */
  opened: string[];
  wrapper: (props: { children?: ReactNode }) => ReactNode;
}

/** A provider for `client` with a fresh query client (no retries: a failure shows at once) and a recording `navigate`. */
export function harness(client: VitrineClient, options: { tokenStorage?: SubscribableTokenStorage } = {}): Harness {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const opened: string[] = [];
  const navigate = (url: string) => {
    opened.push(url);
  };
  const exchange = exchangeByRedirect(client);
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <VitrineProvider
      client={client}
      queryClient={queryClient}
      navigate={navigate}
      exchangeSessionToken={exchange}
      {...(options.tokenStorage && { tokenStorage: options.tokenStorage })}
    >
      {children}
    </VitrineProvider>
  );
  return { queryClient, opened, wrapper };
}

/** Waits until the queries `get` returns have settled, and fails with the error of one that failed. */
export async function settled(get: () => { status: string; error: unknown } | readonly { status: string; error: unknown }[]) {
  const all = () => [get()].flat();
  await waitFor(() => expect(all().every((query) => query.status !== 'pending')).toBe(true));
  for (const query of all()) if (query.error) throw query.error;
}
