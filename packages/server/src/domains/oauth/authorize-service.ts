import type { Kysely } from 'kysely';
import type { WebMessageData } from '../../pages/render.js';
import { type Clock, systemClock } from '../../platform/clock.js';
import type { Database, Row } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import { digest, randomToken } from '../../platform/secrets.js';
import { RedirectErrors } from '../redirects/errors.js';
import { type ClientRegistry, isAllowedOrigin, isRegisteredUri, type OAuthClient } from './clients.js';
import type { MemberDirectory, OAuthService } from './service.js';
import * as store from './store.js';

/** How long a user has to finish the hosted login of one authorization request. */
const AUTH_REQUEST_TTL_MS = 15 * 60 * 1000;
/** The hosted-session cookie's lifetime (SSO between hosted pages). */
const HOSTED_SESSION_TTL_MS = 30 * 86400 * 1000;

type Prompt = 'login' | 'none' | 'consent' | 'select_account';

/** A live authorization request as the hosted pages read it and hand it back to be answered. */
export interface AuthorizationRequest {
  id: string;
  clientId: string;
  redirectUri: string | null;
  /** the web_message target, when the answer goes to the opener frame */
  messageOrigin: string | null;
  codeChallenge: string;
  responseMode: string;
  scope: string;
  state: string;
  prompt: string;
  /** the member the request was made for (a session token's), if any */
  memberId: string | null;
  visitorId: string | null;
}

const requestViewOf = (row: Row<'auth_requests'>): AuthorizationRequest => ({
  id: row.id,
  clientId: row.client_id,
  redirectUri: row.redirect_uri,
  messageOrigin: row.message_origin,
  codeChallenge: row.code_challenge,
  responseMode: row.response_mode,
  scope: row.scope,
  state: row.state,
  prompt: row.prompt,
  memberId: row.member_id,
  visitorId: row.visitor_id,
});

/** Where and how the authorization answer goes back to the client. */
export type Delivery = { mode: 'redirect'; location: string } | { mode: 'web_message'; targetOrigin: string; data: WebMessageData };

export interface AuthRequestInput {
  clientId: string;
  redirectUri?: string;
  responseMode: 'fragment' | 'query' | 'web_message';
  scope: string;
  state: string;
  codeChallenge: string;
  codeChallengeMethod: 'S256';
  sessionToken?: string;
  prompt: Prompt;
  /** The browser origin that created the session (web_message target when there is no redirect URI). */
  requestOrigin?: string;
  visitorId: string | null;
}

/**
 * The authorization side of OAuth: stores PKCE requests behind redirect sessions, answers them with
 * codes or errors through the requested response mode, and keeps the hosted-session cookie's records.
 */
export class AuthorizeService {
  private readonly now: Clock;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clients: ClientRegistry;
      members: MemberDirectory;
      oauth: OAuthService;
      /** the time request and session lifetimes are measured on (default: the system clock) */
      now?: Clock;
    },
  ) {
    this.now = deps.now ?? systemClock;
  }

  /**
   * Validates and stores an authorization request; returns its id.
   * @throws DomainError UNKNOWN_CLIENT, UNREGISTERED_URI, REDIRECT_URI_REQUIRED, NO_MESSAGE_ORIGIN, INVALID_SESSION_TOKEN
   */
  async createRequest(input: AuthRequestInput): Promise<string> {
    const client = await this.deps.clients.find(input.clientId);
    if (!client) throw new DomainError(RedirectErrors.UNKNOWN_CLIENT, { clientId: input.clientId });
    if (input.redirectUri !== undefined && input.redirectUri !== '' && !isRegisteredUri(client, input.redirectUri)) {
      throw new DomainError(RedirectErrors.UNREGISTERED_URI, { url: input.redirectUri });
    }
    const redirectUri = input.redirectUri || null;
    if (!redirectUri && input.responseMode !== 'web_message') throw new DomainError(RedirectErrors.REDIRECT_URI_REQUIRED);
    const messageOrigin = input.responseMode === 'web_message' ? this.messageOrigin(client, redirectUri, input.requestOrigin) : null;
    // A session token (direct login) is redeemed now: single use, and the page needs no login form.
    let memberId: string | null = null;
    let visitorId = input.visitorId;
    if (input.sessionToken) {
      const session = await this.deps.members.redeemSession(input.sessionToken, client.id);
      if (!session) throw new DomainError(RedirectErrors.INVALID_SESSION_TOKEN);
      memberId = session.memberId;
      visitorId = visitorId ?? session.visitorId;
    }
    const id = randomToken('ar_', 18);
    await store.insertAuthRequest(this.deps.db, {
      id,
      client_id: client.id,
      redirect_uri: redirectUri,
      message_origin: messageOrigin,
      code_challenge: input.codeChallenge,
      code_challenge_method: input.codeChallengeMethod,
      response_mode: input.responseMode,
      scope: input.scope,
      state: input.state,
      prompt: input.prompt,
      member_id: memberId,
      visitor_id: visitorId,
      expires_at: new Date(this.now().getTime() + AUTH_REQUEST_TTL_MS),
    });
    return id;
  }

  /** The live request with this id, or undefined (unknown or expired). */
  async findRequest(id: string): Promise<AuthorizationRequest | undefined> {
    if (!/^ar_[\w-]{1,64}$/.test(id)) return undefined;
    const row = await store.findAuthRequest(this.deps.db, id);
    return row && row.expires_at.getTime() > this.now().getTime() ? requestViewOf(row) : undefined;
  }

  client(id: string): Promise<OAuthClient | undefined> {
    return this.deps.clients.find(id);
  }

  /**
   * Answers the request with a fresh code for the member; a merchant client's request (the console)
   * only for a merchant, anybody else gets `access_denied` back (the hosted session stays theirs).
   */
  async approve(request: AuthorizationRequest, memberId: string): Promise<Delivery> {
    const client = await this.deps.clients.find(request.clientId);
    if (client?.audience === 'merchant' && !(await this.deps.members.isActiveMerchant(memberId))) {
      return this.refuse(request, 'access_denied', 'This account may not sign in here: it is not a merchant of the shop');
    }
    const code = await this.deps.oauth.issueCode(this.deps.db, {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      scope: request.scope,
      memberId,
      visitorId: request.visitorId,
    });
    return deliver(request, { code, state: request.state });
  }

  /** Answers the request with an OAuth error (`login_required`, `access_denied`...). */
  refuse(request: AuthorizationRequest, error: string, description: string): Delivery {
    return deliver(request, { error, error_description: description, state: request.state });
  }

  /** Starts a hosted session for a member; returns the cookie value. */
  async startHostedSession(memberId: string): Promise<string> {
    const value = randomToken('hs_');
    await store.insertHostedSession(this.deps.db, {
      idHash: digest(value),
      identityId: memberId,
      expiresAt: new Date(this.now().getTime() + HOSTED_SESSION_TTL_MS),
    });
    return value;
  }

  /** The member of a hosted-session cookie, when the session is live and the member active. */
  async hostedSessionMember(cookie: string | undefined): Promise<string | null> {
    if (!cookie || cookie.length > 200) return null;
    const session = await store.findLiveHostedSession(this.deps.db, digest(cookie));
    if (!session || !(await this.deps.members.isActiveMember(session.identity_id))) return null;
    return session.identity_id;
  }

  async endHostedSession(cookie: string | undefined): Promise<void> {
    if (cookie && cookie.length <= 200) await store.revokeHostedSession(this.deps.db, digest(cookie));
  }

  private messageOrigin(client: OAuthClient, redirectUri: string | null, requestOrigin: string | undefined): string {
    if (redirectUri) return new URL(redirectUri).origin;
    if (requestOrigin && isAllowedOrigin(client, requestOrigin)) return requestOrigin;
    throw new DomainError(RedirectErrors.NO_MESSAGE_ORIGIN);
  }
}

/** Puts the answer where the response mode says: query, fragment, or a message to the opener frame. */
function deliver(request: AuthorizationRequest, params: WebMessageData): Delivery {
  if (request.responseMode === 'web_message') return { mode: 'web_message', targetOrigin: request.messageOrigin as string, data: params };
  const url = new URL(request.redirectUri as string);
  if (request.responseMode === 'query') {
    for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  } else {
    url.hash = new URLSearchParams(params as Record<string, string>).toString();
  }
  return { mode: 'redirect', location: url.toString() };
}
