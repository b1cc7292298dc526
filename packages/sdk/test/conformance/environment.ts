/**
 * The pinned environment of one case (README "Replaying a case" step 1, and the timers of step 8):
 * `Date.now()` returns the corpus's fixed instant (only `Date.now` is pinned), `crypto.getRandomValues`
 * is the seeded generator of `random.ts`, and `setTimeout` records its delays (`$timers`) and fires a
 * timeout of exactly `fastForwardMs` at once. Everything is put back by `restore()`.
 */
import { type GlobalPatch, globalPatch, realSetTimeout } from './globals.js';
import { seededGetRandomValues } from './random.js';

export interface PinnedEnvironment {
  /** delays passed to `setTimeout` during the case, in call order */
  readonly timers: number[];
  /** the patch holding every replaced global (other parts of the harness add theirs) */
  readonly patch: GlobalPatch;
  restore(): void;
}

export interface EnvironmentOptions {
  caseId: string;
  /** epoch milliseconds `Date.now()` returns */
  nowMs: number;
  /** a `setTimeout` of exactly this many ms fires at once */
  fastForwardMs?: number;
}

function recordingSetTimeout(timers: number[], fastForwardMs: number | undefined): typeof setTimeout {
  function setTimeout(handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) {
    const delay = Number(ms ?? 0);
    timers.push(delay);
    const effective = fastForwardMs !== undefined && delay === fastForwardMs ? 0 : ms;
    const handle = realSetTimeout(handler, effective, ...args);
    // a long timer the SDK leaves behind must not keep the test process alive
    if (Number(effective ?? 0) >= 1000) (handle as { unref?: () => void }).unref?.();
    return handle;
  }
  return setTimeout as unknown as typeof globalThis.setTimeout;
}

export function pinEnvironment(o: EnvironmentOptions): PinnedEnvironment {
  const patch = globalPatch();
  const timers: number[] = [];
  try {
    patch.set(Date, 'now', () => o.nowMs);
    patch.set(globalThis.crypto, 'getRandomValues', seededGetRandomValues(o.caseId));
    patch.set(globalThis, 'setTimeout', recordingSetTimeout(timers, o.fastForwardMs));
  } catch (e) {
    patch.restore();
    throw e;
  }
  return { timers, patch, restore: () => patch.restore() };
}
