/**
 * Building the client a case drives (README "Replaying a case" step 3) from `@vitrine/sdk`'s source.
 * Loaded lazily by corpus.test.ts, so the harness's own tests do not depend on the SDK.
 */

import { currentCart } from '../../src/ecom.js';
import { authentication, recovery, verification } from '../../src/identity.js';
import { createClient, OAuthStrategy } from '../../src/index.js';
import { redirects } from '../../src/redirects.js';
import { collections, products } from '../../src/stores.js';
import type { ClientSpec } from './corpus.js';
import type { FetchFn } from './replayer.js';

export interface DrivenClient {
  /** the client (`wix` in templates) */
  wix: unknown;
  /** `wix.auth`, the strategy bound to the client (`auth` in templates) */
  auth: unknown;
}

type ClientOptions = Parameters<typeof createClient>[0];
type OAuthOptions = Parameters<typeof OAuthStrategy>[0];

function authFor(spec: ClientSpec): unknown {
  switch (spec.kind) {
    case 'oauth':
      return OAuthStrategy({
        clientId: spec.clientId,
        ...(spec.tokens === null || spec.tokens === undefined ? {} : { tokens: structuredClone(spec.tokens) }),
      } as unknown as OAuthOptions);
    case 'custom-auth': {
      const headers = { ...spec.authHeaders };
      return { getAuthHeaders: async () => ({ headers }) };
    }
    default:
      return undefined;
  }
}

/** The client of `drive.client`, or `undefined` for `{kind: "none"}`. */
export function buildClient(spec: ClientSpec, hosts: { api: string; readOnly: string }, fetchOption?: FetchFn): DrivenClient | undefined {
  if (spec.kind === 'none') return undefined;
  if (!['oauth', 'custom-auth', 'no-auth'].includes(spec.kind))
    throw new TypeError(`conformance harness: unknown client kind ${spec.kind}`);
  const auth = authFor(spec);
  const options = {
    host: { api: hosts.api, readOnly: hosts.readOnly },
    modules: { currentCart, products, collections, redirects, authentication, recovery, verification },
    ...(auth === undefined ? {} : { auth }),
    ...(fetchOption ? { fetch: fetchOption } : {}),
  };
  const wix = createClient(options as unknown as ClientOptions) as unknown;
  return { wix, auth: (wix as { auth?: unknown }).auth };
}
