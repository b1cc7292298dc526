/** When to try a failed delivery again, and when to give up. */
export interface RetryPolicy {
  /** Delay after the n-th failed attempt (index n-1); past the end, the last one repeats. */
  delaysMs: readonly number[];
  /** After this many failed attempts a delivery is dead. */
  maxAttempts: number;
}

/** 10 s, 30 s, 2 min, 10 min, 1 h, 3 h, 6 h, 12 h, 24 h: ten attempts over about two days. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  delaysMs: [10_000, 30_000, 120_000, 600_000, 3_600_000, 3 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000, 24 * 3_600_000],
  maxAttempts: 10,
};

/** The wait after `attempts` failed attempts, or null when the delivery should be given up (dead). */
export function nextDelayMs(policy: RetryPolicy, attempts: number): number | null {
  if (attempts >= policy.maxAttempts) return null;
  const { delaysMs } = policy;
  return delaysMs[Math.min(attempts, delaysMs.length) - 1] ?? 0;
}
