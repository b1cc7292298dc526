import type { MerchantRole } from '@vitrine/sdk';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config.js';
import type { Caller } from '../../platform/caller.js';
import { type Clock, systemClock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { digest, randomToken } from '../../platform/secrets.js';
import type { ClientRegistry } from './clients.js';
import { OAuthError } from './errors.js';
import type { AccessClaims, SigningKeys } from './keys.js';
import { verifierMatches } from './pkce.js';
import * as store from './store.js';

/** The token endpoint's answer. */
export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope?: string;
}

/** What OAuth needs from identity: narrow functions, so the domains stay apart. */
export interface MemberDirectory {
  /** Whether the member exists and may hold tokens (not pending, blocked or deleted); merchants are members too. */
  isActiveMember(memberId: string): Promise<boolean>;
  /** Whether the identity is active and has the merchant role (may hold a console's tokens). */
  isActiveMerchant(identityId: string): Promise<boolean>;
  /** The role of an active merchant (owner or staff), else null: read at every merchant token's use. */
  merchantRoleOf(identityId: string): Promise<MerchantRole | null>;
  /** Redeems a single-use session token of that member for the client; false when not valid. */
  redeemSessionToken(token: string, memberId: string, clientId: string | null): Promise<boolean>;
  /** Redeems a single-use session token issued for the client (or for no client); its member, or null. */
  redeemSession(token: string, clientId: string): Promise<{ memberId: string; visitorId: string | null } | null>;
}

export interface OAuthServiceDeps {
  db: Kysely<Database>;
  keys: SigningKeys;
  clients: ClientRegistry;
  members: MemberDirectory;
  tokens: Config['tokens'];
  /** the time lifetimes and the reuse grace are measured on (default: the system clock) */
  now?: Clock;
}

const REFRESH_PREFIX = 'vrt_';
/**
 * A merchant's access token lives at most this long (seconds); its use reads the merchant's role
 * each time, so rights end at once when the owner removes the merchant.
 */
export const MERCHANT_ACCESS_TTL = 600;
const CODE_PREFIX = 'vac_';

/** A grant's result inside its transaction: answered, or refused (after committing revocations). */
type Outcome = { error: string } | { answer: TokenAnswer };

type Subject =
  | { role: 'visitor'; visitorId: string }
  | { role: 'member'; memberId: string; visitorId: string | null }
  | { role: 'merchant'; merchantId: string };

type RefreshRow = NonNullable<Awaited<ReturnType<typeof store.findRefreshToken>>>;

/** Whom a refresh token's family stands for. */
function subjectOf(row: Pick<RefreshRow, 'role' | 'member_id' | 'visitor_id'>): Subject {
  if (row.role === 'merchant' && row.member_id) return { role: 'merchant', merchantId: row.member_id };
  if (row.role === 'member' && row.member_id) return { role: 'member', memberId: row.member_id, visitorId: row.visitor_id };
  return { role: 'visitor', visitorId: row.visitor_id as string };
}

/** The identity id behind a subject (member or merchant); null for a visitor. */
const identityOf = (subject: Subject): string | null =>
  subject.role === 'member' ? subject.memberId : subject.role === 'merchant' ? subject.merchantId : null;

const WRONG_CLIENT = 'refresh token was issued to another client';

const MERCHANTS_ONLY = 'this client signs merchants in: it has no external login of members';

/** The grants of `/oauth2/token`, code issuing for the authorize endpoint, and access-token checks. */
export class OAuthService {
  private readonly now: Clock;

  constructor(private readonly deps: OAuthServiceDeps) {
    this.now = deps.now ?? systemClock;
  }

  /** Milliseconds since the epoch on this service's clock. */
  private nowMs(): number {
    return this.now().getTime();
  }

  /** `anonymous`: a new visitor identity with its token pair. */
  async anonymous(clientId: string | undefined): Promise<TokenAnswer> {
    const client = await this.requireClient(clientId);
    return transaction(this.deps.db, async (trx) => {
      const visitorId = await store.insertVisitor(trx, client.id);
      return this.issue(trx, client.id, { role: 'visitor', visitorId });
    });
  }

  /**
   * `refresh_token` with rotation: every use answers a new refresh token. A token used again within
   * the grace window (a lost response) gets another one; later reuse revokes the whole family.
   */
  async refresh(clientId: string | undefined, refreshToken: string | undefined): Promise<TokenAnswer> {
    if (!refreshToken) throw new OAuthError('invalid_request', 'refresh_token is required');
    const hash = digest(refreshToken);
    // Identity is asked before the transaction: PGlite has one connection, which the transaction holds.
    const seen = await store.findRefreshToken(this.deps.db, hash);
    // Checked before the claim: another client's attempt must not spend (rotate away) the real client's token.
    if (seen && clientId && seen.client_id !== clientId) throw new OAuthError('invalid_grant', WRONG_CLIENT);
    const memberActive = seen ? await this.holderActive(seen) : true;
    if (seen && (await this.deps.clients.find(seen.client_id))?.refreshPolicy === 'reuse') {
      return this.refreshWithoutRotation(seen, refreshToken, memberActive);
    }
    const outcome = await transaction(this.deps.db, async (trx): Promise<Outcome> => {
      const claimed = await store.claimRefreshToken(trx, hash, this.now());
      const row = await store.findRefreshToken(trx, hash);
      if (!row) return { error: 'unknown refresh token' };
      if (row.revoked_at) return { error: 'refresh token was revoked' };
      if (row.expires_at.getTime() < this.nowMs()) return { error: 'refresh token expired' };
      if (!claimed) {
        const usedAgo = this.nowMs() - (row.used_at?.getTime() ?? 0);
        if (usedAgo > this.deps.tokens.reuseGrace * 1000) {
          await store.revokeRefreshFamily(trx, row.family_id, 'refresh token reuse');
          return { error: 'refresh token was already used; its family is revoked' };
        }
      }
      if (row.role !== 'visitor' && (!memberActive || row.member_id !== seen?.member_id)) {
        await store.revokeRefreshFamily(trx, row.family_id, `${row.role} not active`);
        return { error: `${row.role} is not active` };
      }
      return { answer: await this.issueInFamily(trx, row.client_id, row.family_id, subjectOf(row)) };
    });
    if ('error' in outcome) throw new OAuthError('invalid_grant', outcome.error);
    return outcome.answer;
  }

  /**
   * `authorization_code` with PKCE S256: the code is single-use (atomic claim), short-lived, bound to
   * client and redirect URI. Replaying a used code revokes what it issued. A merchant client's code
   * answers merchant tokens, and only for an active merchant.
   */
  async exchangeCode(grant: { clientId?: string; code?: string; codeVerifier?: string; redirectUri?: string }): Promise<TokenAnswer> {
    const client = await this.requireClient(grant.clientId);
    if (!grant.code) throw new OAuthError('invalid_request', 'code is required');
    if (!grant.codeVerifier) throw new OAuthError('invalid_request', 'code_verifier is required');
    const hash = digest(grant.code);
    const pending = await store.findAuthCode(this.deps.db, hash);
    const forMerchant = client.audience === 'merchant';
    const members = this.deps.members;
    const memberActive = pending
      ? await (forMerchant ? members.isActiveMerchant(pending.member_id) : members.isActiveMember(pending.member_id))
      : false;
    const outcome = await transaction(this.deps.db, async (trx): Promise<Outcome> => {
      const code = await store.claimAuthCode(trx, hash, this.now());
      if (!code) {
        const used = await store.findAuthCode(trx, hash);
        if (used?.issued_family_id) await store.revokeRefreshFamily(trx, used.issued_family_id, 'authorization code replay');
        return { error: used ? 'authorization code was already used' : 'unknown authorization code' };
      }
      if (code.expires_at.getTime() < this.nowMs()) return { error: 'authorization code expired' };
      if (code.client_id !== client.id) return { error: 'authorization code was issued to another client' };
      if ((code.redirect_uri ?? '') !== (grant.redirectUri ?? ''))
        return { error: 'redirect_uri does not match the authorization request' };
      if (!verifierMatches(grant.codeVerifier as string, code.code_challenge))
        return { error: 'code_verifier does not match the code challenge' };
      if (!memberActive || code.member_id !== pending?.member_id) {
        return { error: forMerchant ? 'not an active merchant' : 'member is not active' };
      }
      const subject: Subject = forMerchant
        ? { role: 'merchant', merchantId: code.member_id }
        : { role: 'member', memberId: code.member_id, visitorId: code.visitor_id };
      if (subject.role === 'member' && subject.visitorId) await store.linkVisitorToMember(trx, subject.visitorId, subject.memberId);
      const familyId = await this.newFamily(trx, client.id, subject);
      await store.setCodeFamily(trx, hash, familyId);
      return { answer: await this.issueInFamily(trx, client.id, familyId, subject) };
    });
    if ('error' in outcome) throw new OAuthError('invalid_grant', outcome.error);
    return outcome.answer;
  }

  /**
   * `authorized_client` (external login): a merchant vouches for a member with its API key, optionally
   * proving a fresh sign-on with its session token.
   */
  async authorizedClient(
    caller: Caller | { kind: 'invalid' },
    grant: { memberId?: string; sessionToken?: string; clientId?: string },
  ): Promise<TokenAnswer> {
    if (caller.kind !== 'merchant' || !('apiKeyId' in caller)) {
      throw new OAuthError('invalid_client', 'authorized_client needs a valid API key in Authorization');
    }
    if (!grant.memberId) throw new OAuthError('invalid_request', 'member_id is required');
    const shopper = caller.shopper;
    const clientId = grant.clientId ?? (shopper && shopper.kind !== 'anonymous' && 'clientId' in shopper ? shopper.clientId : undefined);
    const client = await this.requireClient(clientId);
    if (client.audience === 'merchant') throw new OAuthError('unauthorized_client', MERCHANTS_ONLY);
    if (!(await this.deps.members.isActiveMember(grant.memberId))) throw new OAuthError('invalid_grant', 'unknown or inactive member');
    if (grant.sessionToken && !(await this.deps.members.redeemSessionToken(grant.sessionToken, grant.memberId, null))) {
      throw new OAuthError('invalid_grant', 'session_token is not valid for this member');
    }
    const visitorId = shopper?.kind === 'visitor' ? shopper.visitorId : null;
    return transaction(this.deps.db, async (trx) => {
      if (visitorId) await store.linkVisitorToMember(trx, visitorId, grant.memberId as string);
      return this.issue(trx, client.id, { role: 'member', memberId: grant.memberId as string, visitorId });
    });
  }

  /** Issues a single-use authorization code for a finished authorization request. */
  async issueCode(
    db: Kysely<Database>,
    request: {
      clientId: string;
      redirectUri: string | null;
      codeChallenge: string;
      scope: string;
      memberId: string;
      visitorId: string | null;
    },
  ): Promise<string> {
    const code = randomToken(CODE_PREFIX);
    await store.insertAuthCode(db, {
      code_hash: digest(code),
      client_id: request.clientId,
      redirect_uri: request.redirectUri,
      code_challenge: request.codeChallenge,
      scope: request.scope,
      member_id: request.memberId,
      visitor_id: request.visitorId,
      expires_at: new Date(this.nowMs() + this.deps.tokens.codeTtl * 1000),
    });
    return code;
  }

  /** The caller an access token stands for, or null when it does not verify (or its merchant is one no more). */
  async callerOf(token: string): Promise<Caller | null> {
    const claims = await this.deps.keys.verify(token);
    if (!claims) return null;
    if (claims.role === 'merchant') {
      // Read at each call, so a removed merchant's access token stops at once and a role change applies at once.
      const merchantRole = await this.deps.members.merchantRoleOf(claims.sub);
      return merchantRole ? { kind: 'merchant', merchantId: claims.sub, clientId: claims.client_id, merchantRole } : null;
    }
    return shopperOf(claims);
  }

  /**
   * The visitor or member a token verified before stands for, answered at once (no promise), so a
   * shopper's repeated calls cost a lookup (#23). Undefined when the token must go through `callerOf`:
   * not verified yet, expired, its key gone, or a merchant's (whose role is read at each call).
   */
  knownShopperOf(token: string): Caller | undefined {
    const claims = this.deps.keys.rememberedClaims(token);
    return claims && claims.role !== 'merchant' ? shopperOf(claims) : undefined;
  }

  /** Whether the member or merchant a refresh token stands for may still hold tokens (a visitor always may). */
  private holderActive(row: Pick<RefreshRow, 'role' | 'member_id'>): Promise<boolean> {
    if (!row.member_id) return Promise.resolve(true);
    return row.role === 'merchant' ? this.deps.members.isActiveMerchant(row.member_id) : this.deps.members.isActiveMember(row.member_id);
  }

  /**
   * Ends the session a refresh token belongs to (sign-out): its whole family is revoked, so neither it
   * nor any token rotated from it renews again. Unknown tokens and other clients' tokens are left alone.
   */
  async revokeRefreshFamilyOf(clientId: string, refreshToken: string): Promise<void> {
    const row = await store.findRefreshToken(this.deps.db, digest(refreshToken));
    if (row && row.client_id === clientId) await store.revokeRefreshFamily(this.deps.db, row.family_id, 'signed out');
  }

  /**
   * Ends every session of a member (password reset or change): its refresh-token families and its
   * hosted-page sessions, but for `sparedFamilyId`, the session a change was made from (an access
   * token's `sid`). Access tokens already out live until they expire.
   */
  async revokeMember(memberId: string, reason: string, sparedFamilyId?: string): Promise<void> {
    await transaction(this.deps.db, async (trx) => {
      await store.revokeMemberFamilies(trx, memberId, reason, { sparedFamilyId });
      await store.revokeHostedSessionsOf(trx, memberId);
    });
  }

  /** Revokes an identity's merchant sessions only (removed as a merchant; their shopping sessions stay). */
  async revokeMerchant(identityId: string, reason: string): Promise<void> {
    await store.revokeMemberFamilies(this.deps.db, identityId, reason, { role: 'merchant' });
  }

  private async requireClient(clientId: string | undefined) {
    if (!clientId) throw new OAuthError('invalid_request', 'client_id is required');
    const client = await this.deps.clients.find(clientId);
    if (!client) throw new OAuthError('invalid_client', 'unknown client_id');
    return client;
  }

  private async issue(trx: Transaction<Database>, clientId: string, subject: Subject): Promise<TokenAnswer> {
    return this.issueInFamily(trx, clientId, await this.newFamily(trx, clientId, subject), subject);
  }

  private newFamily(trx: Transaction<Database>, clientId: string, subject: Subject): Promise<string> {
    return store.insertRefreshFamily(trx, {
      clientId,
      role: subject.role,
      visitorId: subject.role === 'merchant' ? null : subject.visitorId,
      memberId: identityOf(subject),
    });
  }

  /**
   * `refresh_token` for a client with the 'reuse' policy: a new access token, the same refresh token
   * (valid until it expires or its family is revoked).
   */
  private async refreshWithoutRotation(row: RefreshRow, refreshToken: string, memberActive: boolean): Promise<TokenAnswer> {
    if (row.revoked_at) throw new OAuthError('invalid_grant', 'refresh token was revoked');
    if (row.expires_at.getTime() < this.nowMs()) throw new OAuthError('invalid_grant', 'refresh token expired');
    if (row.role !== 'visitor' && !memberActive) throw new OAuthError('invalid_grant', `${row.role} is not active`);
    return { ...(await this.accessToken(row.client_id, row.family_id, subjectOf(row))), refresh_token: refreshToken };
  }

  /** A signed access token for the subject, with its lifetime; `sid` names the refresh family it comes from. */
  private async accessToken(clientId: string, familyId: string, subject: Subject): Promise<Omit<TokenAnswer, 'refresh_token'>> {
    const sub = subject.role === 'visitor' ? subject.visitorId : subject.role === 'member' ? subject.memberId : subject.merchantId;
    const vid = subject.role === 'member' ? (subject.visitorId ?? undefined) : undefined;
    const ttl = subject.role === 'merchant' ? Math.min(this.deps.tokens.accessTtl, MERCHANT_ACCESS_TTL) : this.deps.tokens.accessTtl;
    const access = await this.deps.keys.sign({ sub, role: subject.role, client_id: clientId, sid: familyId, ...(vid ? { vid } : {}) }, ttl);
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: ttl,
      scope: subject.role === 'visitor' ? undefined : 'offline_access',
    };
  }

  private async issueInFamily(trx: Transaction<Database>, clientId: string, familyId: string, subject: Subject): Promise<TokenAnswer> {
    const refresh = randomToken(REFRESH_PREFIX);
    await store.insertRefreshToken(trx, {
      tokenHash: digest(refresh),
      familyId,
      expiresAt: new Date(this.nowMs() + this.deps.tokens.refreshTtl * 1000),
    });
    return { ...(await this.accessToken(clientId, familyId, subject)), refresh_token: refresh };
  }
}

/** The caller a visitor's or member's verified claims stand for. */
function shopperOf(claims: AccessClaims): Caller {
  return claims.role === 'member'
    ? { kind: 'member', memberId: claims.sub, clientId: claims.client_id, visitorId: claims.vid, sessionId: claims.sid }
    : { kind: 'visitor', visitorId: claims.sub, clientId: claims.client_id };
}
