/** `@vitrine/sdk/admin`: the shop's own settings for merchants: webhooks and API keys. */
export { apiKeys } from './modules/api-keys.js';
export { webhooks } from './modules/webhooks.js';
