/** Captcha tokens as the SDK sends them: `[{Recaptcha: visible}]` and/or `[{InvisibleRecaptcha: invisible}]`. */
export type CaptchaTokens = { Recaptcha?: string; InvisibleRecaptcha?: string }[] | undefined;

/** Which protected action asks (policy and counters are per action). */
export type CaptchaAction = 'login' | 'register' | 'recover';

/**
 * The captcha policy (`off | risk | always`) as services see it. Identity asks before checking a
 * password; the implementation is ALTCHA (platform/captcha/altcha-gate.ts).
 */
export interface CaptchaGate {
  /**
   * Passes when the policy needs no captcha for this attempt or a valid, unspent one is given.
   * @throws DomainError MISSING_CAPTCHA (-19971) or INVALID_CAPTCHA (-19970)
   */
  check(input: { tokens: CaptchaTokens; action: CaptchaAction; ip: string; identifier?: string }): Promise<void>;
  /** Counts a failed attempt (risk policy: after N failures per IP or identifier a captcha is required). */
  recordFailure(input: { action: CaptchaAction; ip: string; identifier?: string }): Promise<void>;
  /** Forgets the identifier's failures after a success. */
  clearFailures(input: { action: CaptchaAction; identifier: string }): Promise<void>;
}
