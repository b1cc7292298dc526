/**
 * Everything the client loads on first use, in one module: member flows (login, registration,
 * PKCE, silent login, recovery), the merchant product writes and order actions, GraphQL and the
 * mapping of error answers. One dynamic-import target instead of four, because bundlers split code shared between
 * the page's entry and each on-demand module into its own small chunk: with four targets a page
 * downloaded six files before its first call; with one it downloads two (bench/sdk-size).
 */

export { memberFlows } from './auth/member-flows.js';
export { graphql } from './graphql.js';
export { catalogueTransferCalls } from './modules/catalogue-transfer-calls.js';
export { mediaUpload } from './modules/media-upload.js';
export { ordersMerchant } from './modules/orders-merchant.js';
export { productsWrite } from './modules/products-write.js';
export { answerError } from './transport/error-map.js';
