import type { Transport } from '../transport/context.js';
import type { StateMachine } from './login-state.js';
import type { TokenSource } from './token-source.js';
import type { TokenStorage } from './token-storage.js';
import { emptyTokens, type Tokens } from './tokens.js';

/** What every part of the OAuth strategy shares: one per `OAuthStrategy(...)`. */
export interface AuthContext {
  readonly clientId: string;
  /** where and how to send: the strategy's own, or the client's once bound (WIRE.md D15) */
  transport: Transport;
  readonly store: TokenStorage;
  /** where member tokens come from when a backend keeps the refresh token (none: the token endpoint) */
  readonly source?: TokenSource;
  /** the login state machine's current state (spec §4) */
  loginState: StateMachine;
  /** the token renewal in flight, shared by every caller (WIRE.md D01) */
  renewal?: Promise<Tokens>;
}

/** The stored tokens, or empty ones. */
export const tokensOf = (context: AuthContext): Tokens => context.store.getTokens() ?? emptyTokens();
