import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { DomainError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { digest, randomDigits, sameSecret } from '../../platform/secrets.js';
import { IdentityErrors } from './errors.js';
import { verificationCodeMail } from './mails.js';
import {
  countVerificationAttempt,
  findLatestVerificationCode,
  insertVerificationCode,
  lockIdentity,
  spendVerificationCode,
} from './store.js';

/** A code is valid for 15 minutes. */
const CODE_TTL_MS = 15 * 60_000;
/** Wrong guesses a code survives; after that it is dead and the member asks for a new one. */
const MAX_CODE_ATTEMPTS = 5;
/** At most one code per identity in this interval (mail bombing, guessing across codes). */
const CODE_INTERVAL_MS = 30_000;

/**
 * Six-digit e-mail verification codes: stored as digests, single-use, short-lived, with a bounded
 * number of attempts. Only an identity's newest code counts, so sending one retires the older ones.
 */
export class VerificationCodes {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mailer: Mailer,
  ) {}

  /**
   * Mails a new code and answers its id. When a code went out less than 30 s ago, `'skip'` sends
   * nothing (automatic sends on login: the last code still works) and answers null.
   * @throws DomainError VERIFICATION_CODE_TOO_SOON (when `whenRecent` is `'refuse'`)
   */
  async send(identity: { id: string; email: string }, whenRecent: 'skip' | 'refuse'): Promise<string | null> {
    const code = randomDigits(6);
    const id = await transaction(this.db, async (trx) => {
      // Serialises concurrent sends of one identity, so the interval holds.
      await lockIdentity(trx, identity.id);
      const last = await findLatestVerificationCode(trx, identity.id);
      if (last && Date.now() - last.created_at.getTime() < CODE_INTERVAL_MS) {
        if (whenRecent === 'skip') return null;
        throw new DomainError(IdentityErrors.VERIFICATION_CODE_TOO_SOON);
      }
      return insertVerificationCode(trx, {
        identityId: identity.id,
        codeHash: digest(code),
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      });
    });
    if (id) await this.mailer.send(verificationCodeMail(identity.email, code, CODE_TTL_MS / 60_000));
    return id;
  }

  /**
   * Counts an attempt against the identity's newest code and answers the code's id when it matches
   * (the caller then marks it used, with {@link VerificationCodes.spend}, in its transaction).
   * @throws DomainError VERIFICATION_CODE_EXPIRED, TOO_MANY_VERIFICATION_ATTEMPTS, WRONG_VERIFICATION_CODE
   */
  async check(identityId: string, code: string): Promise<string> {
    const last = await findLatestVerificationCode(this.db, identityId);
    if (!last || last.used_at || last.expires_at.getTime() <= Date.now()) {
      throw new DomainError(IdentityErrors.VERIFICATION_CODE_EXPIRED);
    }
    const counted = await countVerificationAttempt(this.db, last.id, MAX_CODE_ATTEMPTS);
    if (!counted) throw new DomainError(IdentityErrors.TOO_MANY_VERIFICATION_ATTEMPTS);
    if (!sameSecret(last.code_hash, digest(code.trim()))) {
      throw new DomainError(IdentityErrors.WRONG_VERIFICATION_CODE, { attemptsLeft: MAX_CODE_ATTEMPTS - counted.attempts });
    }
    return last.id;
  }

  /**
   * Marks a checked code used, atomically.
   * @throws DomainError VERIFICATION_CODE_EXPIRED when another request used it first
   */
  async spend(db: Kysely<Database>, codeId: string): Promise<void> {
    if (!(await spendVerificationCode(db, codeId))) throw new DomainError(IdentityErrors.VERIFICATION_CODE_EXPIRED);
  }
}
