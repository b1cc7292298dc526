import { randomUUID } from 'node:crypto';
import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (an ambient const enum, which isolated modules cannot read). */
const ARGON2ID = 2 as Algorithm;

/** OWASP's Argon2id baseline: 19 MiB, 2 passes, 1 lane (TOOLCHAIN: ~10 ms a hash here). */
const ARGON2_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

const OPTIONS = { algorithm: ARGON2ID, ...ARGON2_PARAMS };

/** Hashes a password (PHC string with its own salt and parameters). Call outside transactions. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * The one place passwords are checked, as an object whose `verify` every check goes through (the
 * login of an unknown e-mail included, which is how tests see that both paths do the same work).
 */
export const passwordVerifier = {
  /** Whether `password` matches the stored hash; a malformed hash never matches. */
  async verify(stored: string, password: string): Promise<boolean> {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  },

  /**
   * Checks `password` against a hash of nobody's password and answers false: a login of an e-mail
   * that is no member's costs the same argon2 work as a wrong password, so timing tells no one which
   * e-mails are members.
   */
  async verifyForNobody(password: string): Promise<false> {
    nobodysHash ??= hashPassword(randomUUID());
    await passwordVerifier.verify(await nobodysHash, password);
    return false;
  },
};

/** The hash {@link passwordVerifier.verifyForNobody} checks against: made once, with today's parameters. */
let nobodysHash: Promise<string> | undefined;

/** Whether a stored hash was made with other parameters than today's (rehash after a good login). */
export function needsRehash(stored: string): boolean {
  try {
    const options = parseOptions(stored);
    return (
      options.algorithm !== ARGON2ID ||
      options.memoryCost !== ARGON2_PARAMS.memoryCost ||
      options.timeCost !== ARGON2_PARAMS.timeCost ||
      options.parallelism !== ARGON2_PARAMS.parallelism
    );
  } catch {
    return true;
  }
}
