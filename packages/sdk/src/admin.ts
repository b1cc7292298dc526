/** `@vitrine/sdk/admin`: the shop's own settings for merchants: webhooks, API keys, the buyer's mails, and its details and payment methods; its customers. */
export { apiKeys } from './modules/api-keys.js';
export { customers } from './modules/customers.js';
export { mails } from './modules/mails.js';
export { shopSettings } from './modules/shop-settings.js';
export { webhooks } from './modules/webhooks.js';
