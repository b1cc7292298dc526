import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { VitrineProvider } from '@vitrine/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { consoleClient, endSession, resumeSession, tokenStorage } from './lib/console-client.js';
import { forgetLegacyTokens } from './lib/console-session.js';
import { endsSession } from './lib/session-end.js';
import { router } from './router.js';
import './styles.css';

// A merchant's lists change under them (new orders): refetched when they come back to the tab.
// A call answered 401 means the merchant's session ended: the open forms are kept and the sign-in says so.
const onCallError = (error: unknown) => {
  if (endsSession(error)) endSession();
};
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 10_000, retry: (count, error) => count < 1 && !endsSession(error) } },
  queryCache: new QueryCache({ onError: onCallError }),
  mutationCache: new MutationCache({ onError: onCallError }),
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
forgetLegacyTokens();
await resumeSession();
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <VitrineProvider client={consoleClient} tokenStorage={tokenStorage} queryClient={queryClient}>
        <RouterProvider router={router} />
      </VitrineProvider>
    </QueryClientProvider>
  </StrictMode>,
);
