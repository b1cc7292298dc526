import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { dropReactOnlyProps, renderIntoDocumentElement } from './preact.js';

/**
 * HydratedRouter's first render throws (suspends on) the promise of the server's loader data being decoded. React
 * would wait for it; Preact cannot hydrate the document through a suspension, so it is settled before hydrating.
 */
async function loaderDataDecoded(): Promise<void> {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

function hydrate(): void {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// `npm run dev` runs React itself (vite.config.ts); the build runs Preact.
if (import.meta.env.DEV) {
  hydrate();
} else {
  dropReactOnlyProps();
  renderIntoDocumentElement();
  // Hydrating in a task of its own, after the one that ran the modules: Preact hydrates in one go (React
  // slices its work), and two shorter tasks block input less than one long one.
  loaderDataDecoded()
    .then(() => new Promise((resume) => setTimeout(resume, 0)))
    .then(hydrate);
}
