import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { dropReactOnlyProps, renderIntoDocumentElement } from './preact.js';

dropReactOnlyProps();
renderIntoDocumentElement();

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

loaderDataDecoded().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
