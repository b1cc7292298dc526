/** `@vitrine/sdk/admin`: the shop's own settings for merchants: webhooks, API keys, staff, the buyer's mails, its details and payment methods, and its dashboard; its customers; the catalogue's export and import. */
export { apiKeys } from './modules/api-keys.js';
export { catalogueTransfer } from './modules/catalogue-transfer.js';
export { customers } from './modules/customers.js';
export { dashboard } from './modules/dashboard.js';
export { mails } from './modules/mails.js';
export { merchants } from './modules/merchants.js';
export { shopSettings } from './modules/shop-settings.js';
export { webhooks } from './modules/webhooks.js';
