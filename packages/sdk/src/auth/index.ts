/** The auth strategies and their types, for `src/index.ts` to re-export. */
export { ApiKeyStrategy } from './api-key-strategy.js';
export type { AuthUrl, AuthUrlOptions, UrlResult } from './auth-url.js';
export { BIND } from './bind.js';
export type { LoginErrorCode, LoginFailure, LoginParams, RegisterParams, StateMachine } from './login-state.js';
export { OAuthStrategy, type OAuthStrategyInstance, type OAuthStrategyOptions } from './oauth-strategy.js';
export type { OAuthData, OAuthPKCE } from './pkce.js';
export { localStorageTokens, type TokenStorage } from './token-storage.js';
export type { AccessToken, RefreshToken, Tokens } from './tokens.js';
