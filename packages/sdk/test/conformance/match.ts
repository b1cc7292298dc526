/**
 * Deep comparison of encoded values (README "How a case is judged"): `$undefined` ≡ absent,
 * `$class` ignored, matchers (`{"$match": …}`) honoured in the expected value. Returns every
 * difference as `path: expected …, actual …` so a failing case says exactly what is wrong.
 */
import type { Json } from './corpus.js';

export interface Diff {
  path: string;
  message: string;
}

export type PathSegment = string | number;

/**
 * A hook for values compared differently (volatile values, D17…): return the diffs to use
 * instead of the default comparison, or `undefined` to compare normally.
 */
export type Override = (expected: Json | undefined, actual: Json | undefined, path: PathSegment[]) => Diff[] | undefined;

export interface MatchOptions {
  override?: Override;
}

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Absent, `undefined` or the `$undefined` encoding. */
export const isAbsent = (v: unknown): boolean => v === undefined || (isObject(v) && v.$undefined === true && Object.keys(v).length === 1);

export const isMatcher = (v: unknown): v is { $match: string; [k: string]: Json } => isObject(v) && typeof v.$match === 'string';

const IDENT = /^[A-Za-z_$][\w$]*$/;

export function formatPath(path: PathSegment[], root = '$'): string {
  let s = root;
  for (const seg of path) {
    if (typeof seg === 'number') s += `[${seg}]`;
    else s += IDENT.test(seg) ? `.${seg}` : `[${JSON.stringify(seg)}]`;
  }
  return s;
}

/** A short readable rendering of an encoded value. */
export function show(v: unknown, max = 200): string {
  if (isAbsent(v)) return 'absent';
  const s = JSON.stringify(v) ?? String(v);
  return s.length > max ? `${s.slice(0, max)}…(${s.length} chars)` : s;
}

export const diff = (path: PathSegment[], message: string): Diff => ({ path: formatPath(path), message });
const mismatch = (path: PathSegment[], expected: string, actual: unknown): Diff =>
  diff(path, `expected ${expected}, actual ${show(actual)}`);

function matchMatcher(m: { $match: string; [k: string]: Json }, actual: Json | undefined, path: PathSegment[], o: MatchOptions): Diff[] {
  switch (m.$match) {
    case 'any':
      return [];
    case 'absent':
      return isAbsent(actual) ? [] : [mismatch(path, 'absent', actual)];
    case 'number':
      return typeof actual === 'number' && Number.isFinite(actual) ? [] : [mismatch(path, 'a finite number', actual)];
    case 'string': {
      const pattern = typeof m.pattern === 'string' ? new RegExp(m.pattern) : undefined;
      if (typeof actual === 'string' && (!pattern || pattern.test(actual))) return [];
      return [mismatch(path, pattern ? `a string matching ${pattern}` : 'a string', actual)];
    }
    case 'nonEmptyString':
      return typeof actual === 'string' && actual.length > 0 ? [] : [mismatch(path, 'a non-empty string', actual)];
    case 'contains':
      return typeof actual === 'string' && actual.includes(String(m.value))
        ? []
        : [mismatch(path, `a string containing ${JSON.stringify(m.value)}`, actual)];
    case 'superset': {
      if (!Array.isArray(actual)) return [mismatch(path, `an array containing ${show(m.value)}`, actual)];
      const wanted = Array.isArray(m.value) ? m.value : [];
      const missing = wanted.filter((w) => !actual.some((a) => match(w, a, o).length === 0));
      return missing.length ? [diff(path, `missing element(s) ${show(missing)} (actual ${show(actual)})`)] : [];
    }
    default:
      return [diff(path, `unknown matcher ${show(m)} in the expected value`)];
  }
}

function matchArray(expected: Json[], actual: Json | undefined, path: PathSegment[], o: MatchOptions): Diff[] {
  if (!Array.isArray(actual)) return [mismatch(path, `an array ${show(expected)}`, actual)];
  const out: Diff[] = [];
  if (expected.length !== actual.length) {
    out.push(diff(path, `expected ${expected.length} element(s), actual ${actual.length}`));
  }
  const n = Math.min(expected.length, actual.length);
  for (let i = 0; i < n; i++) out.push(...match(expected[i], actual[i], o, [...path, i]));
  for (let i = n; i < expected.length; i++) out.push(diff([...path, i], `missing element ${show(expected[i])}`));
  for (let i = n; i < actual.length; i++) out.push(diff([...path, i], `unexpected element ${show(actual[i])}`));
  return out;
}

function matchObject(expected: Record<string, Json>, actual: Json | undefined, path: PathSegment[], o: MatchOptions): Diff[] {
  if (!isObject(actual)) return [mismatch(path, `an object ${show(expected)}`, actual)];
  // inside a nested error, the class and name are free (D12)
  const ignored = path[path.length - 1] === '$error' ? ['$class', 'class', 'name'] : ['$class'];
  const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  const out: Diff[] = [];
  for (const k of keys) {
    if (ignored.includes(k)) continue;
    out.push(...match(expected[k], actual[k], o, [...path, k]));
  }
  return out;
}

/** Every difference between an encoded expected value (with matchers) and an encoded actual value. */
export function match(expected: Json | undefined, actual: Json | undefined, o: MatchOptions = {}, path: PathSegment[] = []): Diff[] {
  const special = o.override?.(expected, actual, path);
  if (special) return special;
  if (isMatcher(expected)) return matchMatcher(expected, actual, path, o);
  if (isAbsent(expected)) return isAbsent(actual) ? [] : [diff(path, `expected absent, actual ${show(actual)}`)];
  if (isAbsent(actual)) return [diff(path, `expected ${show(expected)}, actual absent`)];
  if (Array.isArray(expected)) return matchArray(expected, actual, path, o);
  if (isObject(expected)) return matchObject(expected, actual, path, o);
  return expected === actual ? [] : [mismatch(path, show(expected), actual)];
}

/** `path: message` lines, the form failures are reported in; `root` replaces the leading `$`. */
export const formatDiffs = (diffs: Diff[], root = '$'): string[] => diffs.map((d) => `${root}${d.path.slice(1)}: ${d.message}`);
