/** @vitrine/sdk: the storefront client. Modules live in the subpath entries (`/ecom`, `/stores`, `/redirects`, `/identity`). */

export { ApiKeyStrategy } from './auth/api-key-strategy.js';
export { OAuthStrategy, type OAuthStrategyInstance, type OAuthStrategyOptions } from './auth/oauth-strategy.js';
export { sourcedMemberTokens, type TokenSource } from './auth/token-source.js';
export { localStorageTokens, type TokenStorage } from './auth/token-storage.js';
export type { AuthStrategy, BoundModule, Client, ClientOptions } from './client.js';
export { createClient } from './client.js';
export type { ErrorDetails, FieldViolation } from './errors.js';
export { VitrineError } from './errors.js';
export type { GraphQLResult } from './graphql.js';
export type { FetchLike, Hosts } from './transport/context.js';
export * from './types/index.js';
