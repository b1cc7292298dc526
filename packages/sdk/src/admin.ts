/** `@vitrine/sdk/admin`: the shop's own settings for merchants: webhooks, API keys and the buyer's mails. */
export { apiKeys } from './modules/api-keys.js';
export { mails } from './modules/mails.js';
export { webhooks } from './modules/webhooks.js';
