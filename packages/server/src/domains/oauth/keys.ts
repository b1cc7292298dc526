import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { LoadingCache } from '../../platform/cache/loading-cache.js';
import type { ChangeChannel } from '../../platform/db/change-channel.js';
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
  revokeSigningKey,
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
export const KID_FORMAT = /^[A-Za-z0-9_-]{43}$/;
/** The change channel's topic of the signing keys: a rotation or a revocation makes every process re-read them. */
const KEYS_TOPIC = 'signing-keys';

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
 * starting together on an empty database agree on one key. A rotation or a revocation is announced
 * in its transaction (topic `signing-keys` of the change channel): every process on a shared
 * PostgreSQL re-reads the keys as it commits, so a revoked key stops verifying everywhere at once.
 */
export class SigningKeys {
  private signer?: { kid: string; key: CryptoKey };
  /** The keys that verify, each until when (a retired key: the end of its grace; an active one: for ever). */
  private verifiers = new Map<string, { key: CryptoKey; until: number }>();
  private lastReload = 0;
  private reloading?: Promise<void>;
  /** A re-read was asked for while one ran (it may have read before the change): run another after it. */
  private reloadWanted = false;
  /**
   * The re-read another process's key change started (heard on the change channel), until it ends:
   * verifications wait for it, so a token of a key revoked elsewhere is refused from the moment the
   * revocation is heard, not from when the re-read happens to finish.
   */
  private heardChange?: Promise<void>;
  /** Re-reads started and the latest one whose answer was applied: an older one finishing late is dropped. */
  private reloadsStarted = 0;
  private reloadApplied = 0;
  /** The database's answer for kids not in `verifiers`, found or not (see KID_LOOKUP_TTL_MS). */
  private readonly kidLookups = new LoadingCache<{ key: CryptoKey | null }>({ max: KID_LOOKUPS, ttl: KID_LOOKUP_TTL_MS });
  /** Tokens that verified → their claims and signing key; entries hold until `exp` (their ttl) or until that key no longer verifies. */
  private readonly verified = new LRUCache<string, { claims: AccessClaims; kid: string }>({ max: VERIFIED_TOKENS });

  constructor(
    private readonly db: Kysely<Database>,
    private readonly issuer: string,
    private readonly changes?: ChangeChannel,
  ) {
    changes?.subscribe(KEYS_TOPIC, {
      changed: () => this.reloadHeardChange(),
      // changes made while the channel was down were missed
      listening: () => this.reloadInBackground(),
    });
  }

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
      const made = await insertNewKey(trx);
      await this.changes?.announce(trx, KEYS_TOPIC);
      return made;
    });
    await this.reload();
    return kid;
  }

  /**
   * Revokes `kid`: tokens it signed stop verifying at once, here and (shared PostgreSQL) in every
   * process as the revocation commits. Revoking the signing key makes a new one first. Answers whether
   * an unrevoked key had that kid, and the key that signs now.
   */
  async revoke(kid: string): Promise<{ revoked: boolean; signingKid?: string }> {
    const revoked = await transaction(this.db, async (trx) => {
      await lockSigningKeys(trx);
      if ((await findActiveSigningKey(trx))?.kid === kid) await insertNewKey(trx);
      const done = await revokeSigningKey(trx, kid);
      if (done) await this.changes?.announce(trx, KEYS_TOPIC);
      return done;
    });
    this.kidLookups.forgetAll();
    await this.reload();
    return { revoked, signingKid: this.signer?.kid };
  }

  /** The keys that verify tokens now, newest first (the active one and those retired within the grace period). */
  list() {
    return listSigningKeys(this.db, new Date(Date.now() - RETIRED_KEY_GRACE_MS));
  }

  /** The public keys that verify tokens now (the JWKS document). */
  async jwks(): Promise<{ keys: JWK[] }> {
    const rows = await this.list();
    return { keys: rows.map((row) => row.public_jwk as JWK) };
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

  /**
   * The claims of a token verified before, answered at once (no promise): while it has not expired and
   * its signing key still verifies. Undefined when the token must be verified (`verify`).
   */
  rememberedClaims(token: string): AccessClaims | undefined {
    // a key change heard and not yet re-read may revoke this token's key: only `verify`, which waits for it, answers then
    if (this.heardChange) return undefined;
    const known = this.verified.get(token);
    return known && (known.claims.exp ?? 0) > Date.now() / 1000 && this.verifying(known.kid) ? known.claims : undefined;
  }

  /** The claims of a valid access token, or null. A token verified before is not verified again until it expires. */
  async verify(token: string): Promise<AccessClaims | null> {
    if (this.heardChange) await this.heardChange;
    const remembered = this.rememberedClaims(token);
    if (remembered) return remembered;
    this.verified.delete(token);
    try {
      const { payload, protectedHeader } = await jwtVerify(token, (header) => this.keyFor(header.kid), {
        issuer: this.issuer,
        algorithms: [ALG],
        typ: 'at+jwt',
      });
      const claims = payload as AccessClaims;
      if (typeof claims.sub !== 'string' || !ROLES.includes(claims.role) || typeof claims.client_id !== 'string') return null;
      if (claims.sid !== undefined && typeof claims.sid !== 'string') return null;
      this.remember(token, claims, protectedHeader.kid as string);
      return claims;
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
    const held = this.verifying(kid);
    if (held) return held;
    const { key } = await this.kidLookups.get(kid, () => this.lookUp(kid));
    if (!key) throw new Error(`unknown kid ${kid}`);
    return key;
  }

  /** The key `kid` verifies with now, if it is held and not past its grace. */
  private verifying(kid: string): CryptoKey | undefined {
    const held = this.verifiers.get(kid);
    return held && held.until > Date.now() ? held.key : undefined;
  }

  /** The key `kid` from the database, kept among the verifiers when found (so tokens it signed stay remembered). */
  private async lookUp(kid: string): Promise<{ key: CryptoKey | null }> {
    const row = await findVerifyingKey(this.db, kid, new Date(Date.now() - RETIRED_KEY_GRACE_MS));
    if (!row) return { key: null };
    const key = (await importJWK(row.public_jwk as JWK, ALG)) as CryptoKey;
    this.verifiers.set(kid, { key, until: verifiesUntil(row.retired_at) });
    return { key };
  }

  /**
   * A re-read for a change heard on the channel (PostgreSQL only, so waiting for it never waits for a
   * transaction on the embedded database's one connection); ends when every re-read it caused has.
   */
  private reloadHeardChange(): void {
    this.reloadInBackground();
    const settled = this.settled().finally(() => {
      if (this.heardChange === settled) this.heardChange = undefined;
    });
    this.heardChange = settled;
  }

  /** Resolves once no re-read runs (the one under way and those asked for meanwhile). */
  private async settled(): Promise<void> {
    while (this.reloading) await this.reloading;
  }

  /** One re-read at a time (one more after it if asked meanwhile); a failure leaves the keys as they were until the next attempt. */
  private reloadInBackground(): void {
    if (this.reloading) {
      this.reloadWanted = true;
      return;
    }
    this.lastReload = Date.now();
    // not awaited by the signature: it may wait for the caller's transaction to end (detached from its scope)
    this.reloading = detachedFromTransaction(() => this.reload())
      .catch(() => {})
      .finally(() => {
        this.reloading = undefined;
        if (!this.reloadWanted) return;
        this.reloadWanted = false;
        this.reloadInBackground();
      });
  }

  private async reload(): Promise<void> {
    const started = ++this.reloadsStarted;
    this.lastReload = Date.now();
    const rows = await this.list();
    const active = await findActiveSigningKey(this.db);
    const verifiers = new Map<string, { key: CryptoKey; until: number }>();
    for (const row of rows)
      verifiers.set(row.kid, { key: (await importJWK(row.public_jwk as JWK, ALG)) as CryptoKey, until: verifiesUntil(row.retired_at) });
    const signer = active && { kid: active.kid, key: (await importJWK(active.private_jwk as JWK, ALG)) as CryptoKey };
    // a re-read that started later already answered: this one may have read before a change
    if (started < this.reloadApplied) return;
    this.reloadApplied = started;
    this.verifiers = verifiers;
    this.kidLookups.forgetAll();
    if (signer) this.signer = signer;
  }
}

/** When a key stops verifying: a day after it was retired; never while it signs. */
function verifiesUntil(retiredAt: Date | null): number {
  return retiredAt ? new Date(retiredAt).getTime() + RETIRED_KEY_GRACE_MS : Number.POSITIVE_INFINITY;
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
