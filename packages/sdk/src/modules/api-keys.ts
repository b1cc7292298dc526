/**
 * `apiKeys`: the merchant's API keys (Vitrine's merchant API; `vitrine keys api` from a shell).
 * Merchant only. A key's secret is answered once, when it is made.
 */
import type { ApiKey, CreateApiKeyResponse } from '../types/index.js';
import { call } from './call.js';
import { under } from './conversions.js';

const BASE = '/_api/vitrine/v1/api-keys';
const DATES = { dates: 'createdDate revokedDate' };

export const apiKeys = {
  /** Every key, oldest first, revoked ones included; resolves to the list. */
  listApiKeys: /* @__PURE__ */ call<() => Promise<ApiKey[]>>({
    route: `GET ${BASE}`,
    response: /* @__PURE__ */ under('apiKeys', DATES),
    returns: 'apiKeys',
  }),

  /**
   * Makes a key; resolves to its record and the key, which is not shown again.
   * @example const { key } = await client.apiKeys.createApiKey('catalogue import');
   */
  createApiKey: /* @__PURE__ */ call<(name: string) => Promise<CreateApiKeyResponse>>({
    route: `POST ${BASE}`,
    args: ['name'],
    response: /* @__PURE__ */ under('apiKey', DATES),
  }),

  /** Revokes a key: calls made with it are refused from now on. */
  revokeApiKey: /* @__PURE__ */ call<(_id: string) => Promise<void>>({ route: `DELETE ${BASE}/{id}`, args: ['_id'], returns: '-' }),
};
