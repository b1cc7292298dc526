import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, nextDelayMs } from './retry-policy.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('the default retry policy', () => {
  it.each([
    [1, 10_000],
    [2, 30_000],
    [3, 2 * MIN],
    [4, 10 * MIN],
    [5, HOUR],
    [6, 3 * HOUR],
    [9, 24 * HOUR],
  ])('waits after failed attempt %i: %i ms', (attempts, delay) => {
    expect(nextDelayMs(DEFAULT_RETRY_POLICY, attempts)).toBe(delay);
  });

  it('gives up after the tenth failed attempt', () => {
    expect(nextDelayMs(DEFAULT_RETRY_POLICY, 10)).toBeNull();
  });

  it('repeats the last delay past the end of a short schedule', () => {
    expect(nextDelayMs({ delaysMs: [1000, 5000], maxAttempts: 5 }, 4)).toBe(5000);
  });
});
