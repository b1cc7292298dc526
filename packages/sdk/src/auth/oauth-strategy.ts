import { type FetchLike, globalFetch, type Hosts, resolveHosts, type Transport } from '../transport/context.js';
import type { AuthUrlOptions, AuthUrlResult, LoginParams, OAuthData, OAuthPKCE, RegisterParams, StateMachine } from '../types/auth.js';
import { BIND } from './bind.js';
import { type AuthContext, tokensOf } from './context.js';
import { parseFromUrl } from './parse-url.js';
import { authHeader, generateVisitorTokens, renewToken } from './renewal.js';
import type { TokenSource } from './token-source.js';
import { memoryTokens, type TokenStorage } from './token-storage.js';
import type { RefreshToken, Tokens } from './tokens.js';

/** The member flows, loaded on first use. */
type Flows = typeof import('./member-flows.js').memberFlows;
type FlowName = { [K in keyof Flows]: Flows[K] extends (context: AuthContext, ...args: never[]) => unknown ? K : never }[keyof Flows];
type FlowArgs<K extends FlowName> = Flows[K] extends (context: AuthContext, ...args: infer A) => unknown ? A : never;
type FlowResult<K extends FlowName> = Flows[K] extends (...args: never[]) => infer R ? Awaited<R> : never;

export interface OAuthStrategyOptions {
  clientId: string;
  /** starting tokens, kept in memory (ignored when `tokenStorage` is given) */
  tokens?: Tokens;
  /** where tokens live; read on every use, written on every change (default: memory) */
  tokenStorage?: TokenStorage;
  /** a backend that keeps the refresh token and answers member tokens (default: none, the token endpoint) */
  tokenSource?: TokenSource;
  /** the API origin when used without a client (a client's own host wins once bound) */
  host?: string | Partial<Hosts>;
  /** fetch when used without a client (a client's fetch wins once bound) */
  fetch?: FetchLike;
  /** the shop's captcha site keys (WIRE.md D22) */
  captcha?: { visibleSiteKey?: string; invisibleSiteKey?: string };
}

/** Visitor and member sessions through the hosted OAuth service (spec §4, §6, §7). */
export interface OAuthStrategyInstance {
  [BIND](transport: Transport): void;
  captchaInvisibleSiteKey: string;
  captchaVisibleSiteKey: string;
  /** PKCE data for an authorization request. */
  generateOAuthData(redirectUri: string, originalUri?: string): Promise<OAuthData>;
  /** Valid tokens from `tokens`: as given, renewed, or a new visitor's (not stored). */
  generateVisitorTokens(tokens?: Partial<Tokens>): Promise<Tokens>;
  /** `{ headers: { Authorization } }`, renewing the stored tokens first when needed. */
  getAuthHeaders(): Promise<{ headers: { Authorization: string } }>;
  getAuthUrl(oauthData?: OAuthPKCE & { redirectUri?: string }, opts?: AuthUrlOptions): Promise<AuthUrlResult>;
  getMemberTokens(
    code: string | null | undefined,
    state: string | null | undefined,
    oauthData: OAuthPKCE & { redirectUri?: string },
  ): Promise<Tokens>;
  getMemberTokensForDirectLogin(sessionToken: string): Promise<Tokens>;
  getMemberTokensForExternalLogin(memberId: string, apiKey: string): Promise<Tokens>;
  getMemberTokensForExternalLoginWithSession(email: string, apiKey: string): Promise<Tokens>;
  getTokens(): Tokens;
  setTokens(tokens: Tokens): void;
  /** Whether the stored refresh token is a member's. */
  loggedIn(): boolean;
  login(params: LoginParams): Promise<StateMachine>;
  logout(originalUrl: string): Promise<{ logoutUrl: string }>;
  parseFromUrl: typeof parseFromUrl;
  processVerification(next: { verificationCode?: string; code?: string }, state?: StateMachine): Promise<StateMachine>;
  register(params: RegisterParams): Promise<StateMachine>;
  renewToken(refreshToken: RefreshToken): Promise<Tokens>;
  sendPasswordResetEmail(email: string, redirectUri: string): Promise<void>;
}

/**
 * The storefront's auth: an anonymous visitor at first (one per client, however many calls race),
 * a member after login. Pass it to `createClient({ auth })`.
 * @example
 * const auth = OAuthStrategy({ clientId, tokenStorage: localStorageTokens() });
 * const client = createClient({ host, modules: { currentCart }, auth });
 * const { authUrl } = await auth.getAuthUrl(await auth.generateOAuthData(`${location.origin}/callback`));
 * @see spec §4, §7 "Authentication"
 */
export function OAuthStrategy(options: OAuthStrategyOptions): OAuthStrategyInstance {
  const context: AuthContext = {
    clientId: options.clientId,
    transport: {
      hosts: resolveHosts(options.host, (globalThis as { location?: Location }).location?.origin ?? ''),
      fetch: options.fetch ?? globalFetch,
      headers: {},
    },
    store: options.tokenStorage ?? memoryTokens(options.tokens),
    source: options.tokenSource,
    loginState: { loginState: 'INITIAL' },
  };
  /** `flow` with this strategy's context as its first argument. */
  const own =
    <A extends unknown[], R>(flow: (context: AuthContext, ...args: A) => R) =>
    (...args: A) =>
      flow(context, ...args);
  /** The member flow `flowName`, loaded on its first call, with this strategy's context. */
  const later =
    <K extends FlowName>(flowName: K) =>
    async (...args: FlowArgs<K>): Promise<FlowResult<K>> => {
      const flows = (await import('../on-demand.js')).memberFlows;
      return (flows[flowName] as unknown as (context: AuthContext, ...args: FlowArgs<K>) => Promise<FlowResult<K>>)(context, ...args);
    };
  return {
    [BIND]: (transport) => {
      context.transport = transport;
    },
    captchaInvisibleSiteKey: options.captcha?.invisibleSiteKey ?? '',
    captchaVisibleSiteKey: options.captcha?.visibleSiteKey ?? '',
    generateOAuthData: later('generateOAuthData'),
    generateVisitorTokens: own(generateVisitorTokens),
    getAuthHeaders: async () => ({ headers: await authHeader(context) }),
    getAuthUrl: later('getAuthUrl'),
    getMemberTokens: later('getMemberTokens'),
    getMemberTokensForDirectLogin: later('getMemberTokensForDirectLogin'),
    getMemberTokensForExternalLogin: later('getMemberTokensForExternalLogin'),
    getMemberTokensForExternalLoginWithSession: later('getMemberTokensForExternalLoginWithSession'),
    getTokens: own(tokensOf),
    setTokens: (tokens) => context.store.setTokens(tokens),
    loggedIn: () => tokensOf(context).refreshToken?.role === 'member',
    login: later('login'),
    logout: later('logout'),
    parseFromUrl,
    processVerification: later('processVerification'),
    register: later('register'),
    renewToken: own(renewToken),
    sendPasswordResetEmail: later('sendPasswordResetEmail'),
  };
}
