import { createHmac } from 'node:crypto';
import { type Challenge, type ChallengeParameters, createChallenge, type DeriveKeyFunction, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as sha } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';

/** A visible (interactive widget) or invisible (solved on page load) challenge; both verify alike. */
export type ChallengeKind = 'visible' | 'invisible';

/** A signed challenge, as the widget fetches it. */
export interface IssuedChallenge {
  parameters: ChallengeParameters;
  signature: string;
}

/** Issues ALTCHA challenges (the challenge route needs only this). */
export interface ChallengeIssuer {
  issueChallenge(kind: ChallengeKind): Promise<IssuedChallenge>;
}

/** A solution that verified: its challenge's signature (the replay key) and when the challenge expires. */
export interface VerifiedSolution {
  signature: string;
  expiresAt: Date;
}

/** How long a client has to solve a challenge and submit it. */
const CHALLENGE_TTL_SECONDS = 10 * 60;
/** The solver tries counters from 0 up: the secret counter is the number of derivations it costs (README example). */
const COUNTER_MIN = 5_000;
const COUNTER_MAX = 10_000;
/** A payload is a few hundred characters; anything much longer is not one. */
const MAX_TOKEN_LENGTH = 8_192;

const DERIVE_KEY: Record<string, DeriveKeyFunction> = { 'SHA-256': sha, 'PBKDF2/SHA-256': pbkdf2 };

/**
 * The key derivation for a cost: PBKDF2/SHA-256, which the widget's workers compute natively, or,
 * at cost 1 (the tests' setting), one plain SHA-256 round, since a single PBKDF2 iteration costs far
 * more in Node than a hash and buys nothing (solving takes milliseconds instead of ~300 ms).
 */
function challengeAlgorithm(cost: number): 'SHA-256' | 'PBKDF2/SHA-256' {
  return cost === 1 ? 'SHA-256' : 'PBKDF2/SHA-256';
}

/** The ALTCHA payload the widget puts in its hidden field: base64 of JSON `{challenge, solution}`. */
const Payload = z.object({
  challenge: z.object({
    // Loose: every key is covered by the signature, so none may be dropped before it is checked.
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      // Always set on ours: a challenge without them is not ours (and would cost a full derivation).
      expiresAt: z.number(),
      keySignature: z.string(),
    }),
    signature: z.string().min(1),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

/**
 * ALTCHA protocol v2 with altcha-lib, self-hosted: signed, expiring challenges in deterministic mode
 * (the server knows the answer's key signature, so verifying is one HMAC whatever the cost).
 */
export class AltchaChallenges implements ChallengeIssuer {
  private readonly signatureSecret: string;
  private readonly keySignatureSecret: string;
  private readonly algorithm: string;

  constructor(private readonly options: { secret: string; cost: number }) {
    // Separate keys from the server secret, so a captcha signature reveals nothing usable elsewhere.
    this.signatureSecret = createHmac('sha256', options.secret).update('vitrine:captcha:challenge-signature').digest('hex');
    this.keySignatureSecret = createHmac('sha256', options.secret).update('vitrine:captcha:key-signature').digest('hex');
    this.algorithm = challengeAlgorithm(options.cost);
  }

  /** A new signed challenge for the widget (`GET /_api/captcha/challenge`). */
  async issueChallenge(kind: ChallengeKind): Promise<IssuedChallenge> {
    const challenge = await createChallenge({
      algorithm: this.algorithm,
      cost: this.options.cost,
      counter: randomInt(COUNTER_MAX, COUNTER_MIN),
      deriveKey: DERIVE_KEY[this.algorithm] as DeriveKeyFunction,
      data: { kind },
      expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
    return { parameters: challenge.parameters, signature: challenge.signature as string };
  }

  /**
   * Checks a payload: ours (signature), not expired, and solved. Says nothing about replays: the
   * caller records the signature as spent.
   * @returns the verified solution, or null when the token is not a valid solution
   */
  async verify(token: string): Promise<VerifiedSolution | null> {
    const payload = parsePayload(token);
    if (!payload) return null;
    const { challenge, solution } = payload;
    const deriveKey = DERIVE_KEY[challenge.parameters.algorithm];
    if (!deriveKey) return null;
    try {
      const result = await verifySolution({
        challenge: challenge as Challenge,
        solution,
        deriveKey,
        hmacSignatureSecret: this.signatureSecret,
        hmacKeySignatureSecret: this.keySignatureSecret,
      });
      if (!result.verified) return null;
    } catch {
      // altcha-lib throws on values it cannot even compute with (odd hex, bad counter): not a solution.
      return null;
    }
    return { signature: challenge.signature, expiresAt: new Date(challenge.parameters.expiresAt * 1000) };
  }
}

function parsePayload(token: string): z.infer<typeof Payload> | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  try {
    const parsed = Payload.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
