/**
 * Replacing global properties for one case and putting every one of them back afterwards,
 * whether it existed before or not.
 */

export interface GlobalPatch {
  /** defines `target[key] = value` (configurable, writable), remembering what was there */
  set(target: object, key: PropertyKey, value: unknown): void;
  /** restores everything, last change first */
  restore(): void;
}

export function globalPatch(): GlobalPatch {
  const undo: (() => void)[] = [];
  return {
    set(target, key, value) {
      const before = Object.getOwnPropertyDescriptor(target, key);
      Object.defineProperty(target, key, { value, configurable: true, writable: true, enumerable: before?.enumerable ?? false });
      undo.push(() => {
        if (before) Object.defineProperty(target, key, before);
        else delete (target as Record<PropertyKey, unknown>)[key];
      });
    },
    restore() {
      while (undo.length) undo.pop()?.();
    },
  };
}

// Captured at load, before any case replaces them: the harness's own waiting never shows up
// among the timers the SDK set, and is never fast-forwarded.
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

/** Resolves after one macrotask (a real `setTimeout(…, 0)`). */
export const macrotask = (): Promise<void> => new Promise((resolve) => realSetTimeout(resolve, 0));

/** Runs `fn` after one macrotask, with the real timers. */
export const later = (fn: () => void): void => {
  realSetTimeout(fn, 0);
};

/** Rejects with `message` when `promise` has not settled within `ms` (real time). */
export function withDeadline<T>(promise: Promise<T>, ms: number, message: () => string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = realSetTimeout(() => reject(new DeadlineError(message())), ms);
  });
  return Promise.race([promise, deadline]).finally(() => realClearTimeout(timer));
}

/** The harness gave up waiting for the SDK: reported as a failure, never compared as an outcome. */
export class DeadlineError extends Error {
  override name = 'DeadlineError';
}

export { realClearTimeout, realSetTimeout };
