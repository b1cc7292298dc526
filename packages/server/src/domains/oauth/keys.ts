import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { LoadingCache } from '../../platform/cache/loading-cache.js';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { detachedFromTransaction } from '../../platform/db/transaction-scope.js';
import {
  findActiveSigningKey,
  findVerifyingKey,
  insertSigningKey,
  listSigningKeys,
  lockSigningKeys,
  retireSigningKeysExcept,
} from './store.js';

const ALG = 'ES256';
/** Retired keys stay in the JWKS this long, so tokens they signed keep verifying until they expire. */
const RETIRED_KEY_GRACE_MS = 24 * 3600 * 1000;
/** How often a process re-reads which key signs. */
const SIGNER_REFRESH_MS = 60 * 1000;
/** Tokens whose verification is remembered (a shopper sends the same token with every call; ES256 costs ~0.1 ms). */
const VERIFIED_TOKENS = 10_000;
/**
 * How long the database's answer for a kid this process does not hold is kept: a crowd of tokens naming
 * one unknown kid costs one query per interval (as a JWKS client's cooldown), and a key another process
 * made is found by the first token that names it.
 */
const KID_LOOKUP_TTL_MS = 1000;
/** Unknown kids whose lookups are remembered at once (the least recently used go first). */
const KID_LOOKUPS = 1000;
/** Our kids are RFC 7638 thumbprints (SHA-256, base64url): anything else is refused without a query. */
const KID_FORMAT = /^[A-Za-z0-9_-]{43}$/;

const ROLES: readonly string[] = ['visitor', 'member', 'merchant'] satisfies AccessClaims['role'][];

/** Claims of a Vitrine access token. */
export interface AccessClaims extends JWTPayload {
  /** visitor, member or merchant (identity) id */
  sub: string;
  role: 'visitor' | 'member' | 'merchant';
  client_id: string;
  /** the visitor a member token continues (cart carry-over) */
  vid?: string;
  /**
   * The session: the refresh-token family the token was issued from (OpenID's session id). A password
   * change spares the family it was made from; tokens signed before this claim existed have none.
   */
  sid?: string;
}

/**
 * The signing keys: ES256 pairs in the database, newest active one signs, every unexpired one verifies.
 * Verification looks a `kid` it does not hold up in the database at once (one shared lookup per kid
 * per second), so a key another process made (a simultaneous first start, `vitrine keys rotate`)
 * verifies from the first token it signed. Key changes take turns under a database lock, so processes
 * starting together on an empty database agree on one key.
 */
export class SigningKeys {
  private signer?: { kid: string; key: CryptoKey };
  private verifiers = new Map<string, CryptoKey>();
  private lastReload = 0;
  private reloading?: Promise<void>;
  /** The database's answer for kids not in `verifiers`, found or not (see KID_LOOKUP_TTL_MS). */
  private readonly kidLookups = new LoadingCache<{ key: CryptoKey | null }>({ max: KID_LOOKUPS, ttl: KID_LOOKUP_TTL_MS });
  /** Tokens that verified → their claims and signing key; entries hold until `exp` (their ttl) or until that key no longer verifies. */
  private readonly verified = new LRUCache<string, { claims: AccessClaims; kid: string }>({ max: VERIFIED_TOKENS });

  constructor(
    private readonly db: Kysely<Database>,
    private readonly issuer: string,
  ) {}

  /** Makes sure a key exists (the first start of the first process makes it) and loads the keys. */
  async init(): Promise<void> {
    await transaction(this.db, async (trx) => {
      await lockSigningKeys(trx);
      if (!(await findActiveSigningKey(trx))) await insertNewKey(trx);
    });
    await this.reload();
  }

  /** Creates a new signing key; older keys stop signing but keep verifying for a day. Returns the new kid. */
  async rotate(): Promise<string> {
    const kid = await transaction(this.db, async (trx) => {
      await lockSigningKeys(trx);
      return insertNewKey(trx);
    });
    await this.reload();
    return kid;
  }

  /** The keys that verify tokens now, newest first (the active one and those retired within the grace period). */
  list() {
    return listSigningKeys(this.db, new Date(Date.now() - RETIRED_KEY_GRACE_MS));
  }

  /** The public keys that verify tokens now (the JWKS document). */
  async jwks(): Promise<{ keys: JWK[] }> {
    const rows = await this.list();
    return { keys: rows.map((r) => r.public_jwk as JWK) };
  }

  async sign(claims: Omit<AccessClaims, 'iss' | 'iat' | 'exp'>, ttlSeconds: number): Promise<string> {
    // Another process may have rotated the keys (`vitrine keys rotate`): pick up the new signer within a minute.
    // The re-read runs beside this signature, not before it: tokens are signed inside transactions, and on the
    // embedded database (one connection) a query awaited here would wait for that very transaction, forever.
    if (!this.signer) await this.reload();
    else if (Date.now() - this.lastReload > SIGNER_REFRESH_MS) this.reloadInBackground();
    const signer = this.signer;
    if (!signer) throw new Error('no signing key');
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALG, kid: signer.kid, typ: 'at+jwt' })
      .setIssuer(this.issuer)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .setJti(crypto.randomUUID())
      .sign(signer.key);
  }

  /** The claims of a valid access token, or null. A token verified before is not verified again until it expires. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known && (known.claims.exp ?? 0) > Date.now() / 1000 && this.verifiers.has(known.kid)) return known.claims;
    this.verified.delete(token);
    try {
      const { payload, protectedHeader } = await jwtVerify(token, (header) => this.keyFor(header.kid), {
        issuer: this.issuer,
        algorithms: [ALG],
        typ: 'at+jwt',
      });
      const p = payload as AccessClaims;
      if (typeof p.sub !== 'string' || !ROLES.includes(p.role) || typeof p.client_id !== 'string') return null;
      if (p.sid !== undefined && typeof p.sid !== 'string') return null;
      this.remember(token, p, protectedHeader.kid as string);
      return p;
    } catch {
      return null;
    }
  }

  /** Keeps a verified token's claims until it expires, forgetting the least recently used beyond VERIFIED_TOKENS. */
  private remember(token: string, claims: AccessClaims, kid: string): void {
    if (typeof claims.exp !== 'number') return;
    const ttl = Math.floor(claims.exp * 1000 - Date.now());
    if (ttl > 0) this.verified.set(token, { claims, kid }, { ttl });
  }

  private async keyFor(kid: string | undefined): Promise<CryptoKey> {
    if (!kid || !KID_FORMAT.test(kid)) throw new Error('token without a kid of ours');
    const held = this.verifiers.get(kid);
    if (held) return held;
    const { key } = await this.kidLookups.get(kid, () => this.lookUp(kid));
    if (!key) throw new Error(`unknown kid ${kid}`);
    return key;
  }

  /** The key `kid` from the database, kept among the verifiers when found (so tokens it signed stay remembered). */
  private async lookUp(kid: string): Promise<{ key: CryptoKey | null }> {
    const row = await findVerifyingKey(this.db, kid, new Date(Date.now() - RETIRED_KEY_GRACE_MS));
    if (!row) return { key: null };
    const key = (await importJWK(row.public_jwk as JWK, ALG)) as CryptoKey;
    this.verifiers.set(kid, key);
    return { key };
  }

  /** One re-read at a time; a failure leaves the keys as they were until the next attempt a minute on. */
  private reloadInBackground(): void {
    if (this.reloading) return;
    this.lastReload = Date.now();
    // not awaited by the signature: it may wait for the caller's transaction to end (detached from its scope)
    this.reloading = detachedFromTransaction(() => this.reload())
      .catch(() => {})
      .finally(() => {
        this.reloading = undefined;
      });
  }

  private async reload(): Promise<void> {
    this.lastReload = Date.now();
    const rows = await this.list();
    const verifiers = new Map<string, CryptoKey>();
    for (const r of rows) verifiers.set(r.kid, (await importJWK(r.public_jwk as JWK, ALG)) as CryptoKey);
    this.verifiers = verifiers;
    const active = await findActiveSigningKey(this.db);
    if (active) this.signer = { kid: active.kid, key: (await importJWK(active.private_jwk as JWK, ALG)) as CryptoKey };
  }
}

/** A new ES256 pair, inserted as the signing key; the others are retired. Answers its kid. The caller holds the signing-keys lock. */
async function insertNewKey(trx: Kysely<Database>): Promise<string> {
  const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  await insertSigningKey(trx, {
    kid,
    alg: ALG,
    publicJwk: { ...publicJwk, kid, alg: ALG, use: 'sig' },
    privateJwk: await exportJWK(privateKey),
  });
  await retireSigningKeysExcept(trx, kid);
  return kid;
}
