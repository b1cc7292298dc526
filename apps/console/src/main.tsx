import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { VitrineProvider } from '@vitrine/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { consoleClient, resumeSession, tokenStorage } from './lib/console-client.js';
import { forgetLegacyTokens } from './lib/console-session.js';
import { router } from './router.js';
import './styles.css';

// A merchant's lists change under them (new orders): refetched when they come back to the tab.
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, retry: 1 } } });

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
