import type { MerchantRole } from '@vitrine/sdk';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, defineErrors } from './errors.js';

/** Who is calling, resolved from `Authorization` (raw or `Bearer`). */
export type Caller =
  | { kind: 'anonymous' }
  | { kind: 'visitor'; visitorId: string; clientId: string }
  /** `sessionId`: the refresh-token family the member's access token was issued from (absent on older tokens). */
  | { kind: 'member'; memberId: string; clientId: string; visitorId?: string; sessionId?: string }
  /** An API key; `shopper` is the shopper token sent with the key (external login). */
  | { kind: 'merchant'; apiKeyId: string; shopper?: Caller }
  /** A merchant signed in as a person (the console's merchant token): the identity with the merchant role, and that role. */
  | { kind: 'merchant'; merchantId: string; clientId: string; merchantRole: MerchantRole; shopper?: undefined };

type CallerKind = Caller['kind'];

/** What the guard needs to resolve credentials: narrow functions, implemented by the oauth domain. */
export interface CredentialVerifier {
  /** A verified access token's caller, or null when the token is not valid (bad signature, expired...). */
  verifyAccessToken(token: string): Promise<Caller | null>;
  /** The caller of an access token verified before, answered at once; undefined when it must go through `verifyAccessToken`. */
  knownAccessToken(token: string): Caller | undefined;
  /** The API key's id when the key is valid, else null. */
  verifyApiKey(key: string): Promise<string | null>;
  /** Whether a credential looks like an API key (rather than an access token). */
  isApiKey(credential: string): boolean;
}

export const AuthErrors = defineErrors({
  UNAUTHENTICATED: { status: 401, message: 'Unauthenticated', description: 'The access token is missing, expired or not valid' },
  PERMISSION_DENIED: { status: 403, message: 'Permission denied', description: 'The caller may not use this call' },
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, or `invalid` when credentials were sent but did not verify. */
    caller: Caller | { kind: 'invalid' };
  }
}

/**
 * Resolves the caller of every request before its handler runs. A callback hook: no credentials, or
 * one access token verified before, resolve without a promise (a shopper's repeated catalogue reads, #23).
 */
export function installCallerResolution(app: FastifyInstance, verifier: CredentialVerifier): void {
  app.decorateRequest('caller', null as never);
  app.addHook('onRequest', (request, _reply, done) => {
    const credentials = credentialsOf(request.headers.authorization);
    const known = knownCaller(credentials, verifier);
    if (known) {
      request.caller = known;
      done();
      return;
    }
    resolve(credentials, verifier).then((caller) => {
      request.caller = caller;
      done();
    }, done);
  });
}

/** What `Authorization` carries, raw or after `Bearer`. */
function credentialsOf(header: string | undefined): string {
  return (header ?? '').replace(/^Bearer\s+/i, '').trim();
}

/**
 * The caller known without waiting: none sent, or a single access token verified before (only tokens
 * that verified are remembered, so an API key is never among them and needs no look first).
 */
function knownCaller(credentials: string, verifier: CredentialVerifier): Caller | undefined {
  if (!credentials) return { kind: 'anonymous' };
  return credentials.includes(',') ? undefined : verifier.knownAccessToken(credentials);
}

async function resolve(raw: string, verifier: CredentialVerifier): Promise<Caller | { kind: 'invalid' }> {
  if (!raw) return { kind: 'anonymous' };
  // External login sends `<access token>,<api key>`.
  const parts = raw.split(',').map((part) => part.trim());
  if (parts.length > 2) return { kind: 'invalid' };
  const key = parts.find((part) => verifier.isApiKey(part));
  const token = parts.find((part) => part && !verifier.isApiKey(part));
  if (parts.length === 2 && (!key || !token)) return { kind: 'invalid' };
  const shopper = token ? await verifier.verifyAccessToken(token) : undefined;
  if (token && !shopper) return { kind: 'invalid' };
  if (key) {
    const apiKeyId = await verifier.verifyApiKey(key);
    return apiKeyId ? { kind: 'merchant', apiKeyId, shopper: shopper ?? undefined } : { kind: 'invalid' };
  }
  return shopper ?? { kind: 'invalid' };
}

/** Caller kinds a route accepts. */
export type Audience = 'shopper' | 'member' | 'merchant';

const ALLOWED: Record<Audience, CallerKind[]> = {
  shopper: ['visitor', 'member'],
  member: ['member'],
  merchant: ['merchant'],
};

/**
 * The caller if it may use a route for `audience`.
 * @throws DomainError UNAUTHENTICATED (no or invalid credentials), PERMISSION_DENIED (wrong kind)
 */
export function requireCaller(request: FastifyRequest, audience: Audience): Exclude<Caller, { kind: 'anonymous' }> {
  const caller = request.caller;
  if (caller.kind === 'invalid') throw new DomainError(AuthErrors.UNAUTHENTICATED);
  if (!ALLOWED[audience].includes(caller.kind)) {
    throw new DomainError(caller.kind === 'anonymous' ? AuthErrors.UNAUTHENTICATED : AuthErrors.PERMISSION_DENIED);
  }
  return caller as Exclude<Caller, { kind: 'anonymous' }>;
}

/** A merchant caller: an API key or a merchant signed in as a person. */
export type MerchantCaller = Extract<Caller, { kind: 'merchant' }>;

/**
 * The caller if it may use an owner-only route (staff, API keys, webhooks, payment settings, issue
 * #24): an API key (the owner made it) or a merchant whose role is owner.
 * @throws DomainError UNAUTHENTICATED, PERMISSION_DENIED (not a merchant, or staff)
 */
export function requireOwner(request: FastifyRequest): MerchantCaller {
  const caller = requireCaller(request, 'merchant') as MerchantCaller;
  if ('merchantId' in caller && caller.merchantRole !== 'owner') throw new DomainError(AuthErrors.PERMISSION_DENIED);
  return caller;
}
