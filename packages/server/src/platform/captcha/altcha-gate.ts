import { normalizeIP } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { deleteCounter, incrementCounter, readCounters } from '../rate-limit/counters.js';
import { digest } from '../secrets.js';
import type { CaptchaAction, CaptchaGate, CaptchaTokens } from './captcha-gate.js';
import { AltchaChallenges, type ChallengeIssuer, type ChallengeKind, type IssuedChallenge } from './challenges.js';
import { CaptchaErrors } from './errors.js';
import { deleteExpiredSpentSignatures, insertSpentSignature } from './store.js';

export interface AltchaGateOptions {
  db: Kysely<Database>;
  policy: 'off' | 'risk' | 'always';
  /** Risk policy: failures (per IP or per identifier, within the window) after which a captcha is required. */
  riskThreshold: number;
  /** Proof-of-work cost of a challenge (`CAPTCHA_COST`). */
  cost: number;
  /** The server secret; the challenge HMAC keys are derived from it. */
  secret: string;
}

/** Failed attempts are counted in windows of this length. */
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Expired spent signatures are swept at most this often per process. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The captcha policy over self-hosted ALTCHA. Failure counts and spent solutions live in the
 * database, so every server process sharing it agrees on both.
 */
export class AltchaCaptchaGate implements CaptchaGate, ChallengeIssuer {
  private readonly challenges: AltchaChallenges;
  private lastSweep = 0;

  constructor(private readonly options: AltchaGateOptions) {
    this.challenges = new AltchaChallenges({ secret: options.secret, cost: options.cost });
  }

  issueChallenge(kind: ChallengeKind): Promise<IssuedChallenge> {
    return this.challenges.issueChallenge(kind);
  }

  async check(attempt: { tokens: CaptchaTokens; action: CaptchaAction; ip: string; identifier?: string }): Promise<void> {
    if (this.options.policy === 'off') return;
    if (this.options.policy === 'risk' && !(await this.atRisk(attempt.action, attempt.ip, attempt.identifier))) return;
    const token = firstToken(attempt.tokens);
    if (!token) throw new DomainError(CaptchaErrors.MISSING_CAPTCHA);
    const solution = await this.challenges.verify(token);
    if (!solution) throw new DomainError(CaptchaErrors.INVALID_CAPTCHA);
    if (!(await insertSpentSignature(this.options.db, solution.signature, solution.expiresAt))) {
      throw new DomainError(CaptchaErrors.INVALID_CAPTCHA, {}, 'The captcha token was already used');
    }
    await this.sweepSpent();
  }

  async recordFailure(attempt: { action: CaptchaAction; ip: string; identifier?: string }): Promise<void> {
    for (const key of failureKeys(attempt.action, attempt.ip, attempt.identifier)) {
      await incrementCounter(this.options.db, key, FAILURE_WINDOW_MS);
    }
  }

  async clearFailures(attempt: { action: CaptchaAction; identifier: string }): Promise<void> {
    await deleteCounter(this.options.db, identifierKey(attempt.action, attempt.identifier));
  }

  /** Whether the IP or the identifier reached the threshold of failures in the current window. */
  private async atRisk(action: CaptchaAction, ip: string, identifier?: string): Promise<boolean> {
    const counts = await readCounters(this.options.db, failureKeys(action, ip, identifier));
    return [...counts.values()].some((counter) => counter.count >= this.options.riskThreshold);
  }

  private async sweepSpent(): Promise<void> {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    // Housekeeping only: a failed sweep must not fail the caller's action; the next one retries.
    await deleteExpiredSpentSignatures(this.options.db).catch(() => {});
  }
}

/** The first token sent, visible or invisible (the SDK sends both slots in one object, unset ones empty). */
function firstToken(tokens: CaptchaTokens): string | undefined {
  if (!Array.isArray(tokens)) return undefined;
  for (const byProvider of tokens) {
    for (const token of [byProvider?.Recaptcha, byProvider?.InvisibleRecaptcha]) {
      if (typeof token === 'string' && token.trim()) return token.trim();
    }
  }
  return undefined;
}

function failureKeys(action: CaptchaAction, ip: string, identifier?: string): string[] {
  const keys = [`captcha:${action}:ip:${normalizeIP(ip)}`];
  if (identifier) keys.push(identifierKey(action, identifier));
  return keys;
}

/** Keyed by a digest of the lower-cased e-mail: the counters table need not hold addresses. */
function identifierKey(action: CaptchaAction, identifier: string): string {
  return `captcha:${action}:id:${digest(identifier.trim().toLowerCase())}`;
}
