/**
 * Judging the outcome and `after` (README "How a case is judged"): deep equality of encoded values
 * with matchers and volatile values; thrown errors in contract form (rule D12): `message` exactly (or
 * by matcher), `details`, `status` and `requestId` only where the expected error lists them
 * (`requestId: null` = none). A recorded-form error `{name, class, message, messageParsed?, props}`
 * is first reduced to its contract form: the inner `message`/`details` of a JSON message.
 */
import type { Json, JsonObject, Outcome } from './corpus.js';
import { encode } from './encoding.js';
import { formatDiffs, isAbsent, match, type Override, show } from './match.js';
import { maskDomReports } from './volatile.js';

export type ActualOutcome =
  | { kind: 'returned'; value: Json }
  | { kind: 'threw'; error: unknown; attached?: Json }
  /** the harness could not drive the case (a bad reference, a deadline): always a failure */
  | { kind: 'harness'; message: string };

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reduces a recorded-form error to the contract form `{message, details?, status?, requestId?}`. */
export function contractForm(expected: JsonObject): JsonObject {
  const recorded = ['name', 'class', 'props', 'messageParsed'].some((k) => k in expected);
  if (!recorded) return expected;
  const parsed = isObject(expected.messageParsed) ? expected.messageParsed : undefined;
  const out: JsonObject = { message: parsed?.message ?? expected.message ?? null };
  if (parsed && isObject(parsed.details)) {
    const { requestId: _ignored, ...details } = parsed.details;
    out.details = details;
  }
  return out;
}

/** A thrown value as one readable line (class, message, status, requestId, details, first stack frames). */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return `a non-Error value ${show(encode(err))}`;
  const e = err as Error & { status?: unknown; requestId?: unknown; details?: unknown };
  const extra = [
    e.status !== undefined ? `status=${show(e.status)}` : '',
    e.requestId !== undefined ? `requestId=${show(e.requestId)}` : '',
    e.details !== undefined ? `details=${show(encode(e.details), 400)}` : '',
  ].filter(Boolean);
  const stack = (e.stack ?? '')
    .split('\n')
    .slice(1, 4)
    .map((l) => l.trim())
    .join(' | ');
  return `${e.constructor?.name ?? 'Error'} ${show(e.message)}${extra.length ? ` (${extra.join(', ')})` : ''}${stack ? ` — ${stack}` : ''}`;
}

function checkError(expected: JsonObject, err: unknown, override: Override): string[] {
  const want = contractForm(expected);
  const e = (isObject(err) || err instanceof Error ? err : {}) as {
    message?: unknown;
    details?: unknown;
    status?: unknown;
    requestId?: unknown;
  };
  const message = err instanceof Error ? err.message : typeof e.message === 'string' ? e.message : String(err);
  const out = formatDiffs(match(want.message, message), 'error.message');
  if ('details' in want) out.push(...formatDiffs(match(want.details, encode(e.details), { override }), 'error.details'));
  if ('status' in want) out.push(...formatDiffs(match(want.status, encode(e.status)), 'error.status'));
  if ('requestId' in want) {
    if (want.requestId === null) {
      if (e.requestId !== undefined && e.requestId !== null) out.push(`error.requestId: expected none, actual ${show(e.requestId)}`);
    } else out.push(...formatDiffs(match(want.requestId, encode(e.requestId)), 'error.requestId'));
  }
  if (out.length) out[out.length - 1] += `\n      the error thrown: ${describeError(err)}`;
  return out;
}

/** Every outcome failure, one line each. */
export function checkOutcome(expected: Outcome | undefined, actual: ActualOutcome, override: Override): string[] {
  if (actual.kind === 'harness') return [`harness: ${actual.message}`];
  if (!expected) return ['the case has no expected outcome (corpus error)'];
  if (expected.kind === 'returned' && actual.kind === 'threw') {
    return [`outcome: expected to return ${show(expected.value, 400)}, but threw ${describeError(actual.error)}`];
  }
  if (expected.kind === 'threw' && actual.kind === 'returned') {
    return [`outcome: expected to throw ${show(contractForm(expected.error))}, but returned ${show(actual.value, 400)}`];
  }
  if (expected.kind === 'threw' && actual.kind === 'threw') return checkError(expected.error, actual.error, override);
  if (expected.kind === 'returned' && actual.kind === 'returned') {
    return formatDiffs(match(maskDomReports(expected.value), maskDomReports(actual.value), { override }), 'outcome');
  }
  return [`outcome: unknown expected kind ${show(expected)}`];
}

/** `after` failures: only when the case expects something after the call. */
export function checkAfter(expected: Json | undefined, actual: Json | undefined, evaluated: boolean, override: Override): string[] {
  if (expected === undefined || isAbsent(expected)) return [];
  if (!evaluated) return ['after: the case expects an `after` value but its drive has no `after` template (corpus error)'];
  return formatDiffs(match(maskDomReports(expected), maskDomReports(actual), { override }), 'after');
}
