/**
 * Volatile values (README "How a case is judged", corpus `environment.volatile`): compared by kind
 * or shape instead of by value. A value the caller passed in (a literal of the case's args or drive)
 * is always compared exactly.
 */
import type { Case, Json } from './corpus.js';
import { type Diff, diff, type Override, type PathSegment, show } from './match.js';
import { pkceShapeFor } from './pkce.js';

/** Every string literal of the case's args and drive: values the SDK did not generate. */
export function caseLiterals(c: Case): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(c.args);
  walk(c.drive);
  return out;
}

const last = (path: PathSegment[]): PathSegment | undefined => path[path.length - 1];

/** A generated PKCE value: only its shape counts. `undefined` when the value is not volatile. */
function pkceByShape(expected: Json | undefined, actual: Json | undefined, path: PathSegment[], literals: Set<string>): Diff[] | undefined {
  const key = last(path);
  const shape = typeof key === 'string' ? pkceShapeFor(key) : undefined;
  if (!shape || typeof expected !== 'string' || literals.has(expected) || !shape(expected)) return undefined;
  return shape(actual) ? [] : [diff(path, `expected a generated ${String(key)} (PKCE shape), actual ${show(actual)}`)];
}

const REQUEST_PKCE_PATHS = ['auth.authRequest.codeChallenge', 'auth.authRequest.state', 'codeVerifier'];

/** Request bodies: `auth.authRequest.codeChallenge`/`state` and a token body's `codeVerifier`. */
export function requestBodyOverride(literals: Set<string>): Override {
  return (expected, actual, path) => {
    if (!REQUEST_PKCE_PATHS.includes(path.join('.'))) return undefined;
    return pkceByShape(expected, actual, path, literals);
  };
}

/** Outcome and `after`: every `expiresAt` only has to be a number; generated PKCE values by shape. */
export function outcomeOverride(literals: Set<string>): Override {
  return (expected, actual, path) => {
    if (last(path) === 'expiresAt' && typeof expected === 'number') {
      return typeof actual === 'number' ? [] : [diff(path, `expected a number (volatile expiresAt), actual ${show(actual)}`)];
    }
    return pkceByShape(expected, actual, path, literals);
  };
}

const isDomReport = (v: unknown): v is { log: Json[] } & Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Array.isArray((v as { log?: unknown }).log) && 'remainingChildren' in v;

/** Fake-DOM logs: a dispatched message's origin/source are not compared and its `data.state` is masked. */
export function maskDomReports(v: Json | undefined): Json | undefined {
  if (Array.isArray(v)) return v.map((x) => maskDomReports(x) as Json);
  if (!v || typeof v !== 'object') return v;
  const out: Record<string, Json> = {};
  for (const [k, x] of Object.entries(v)) out[k] = maskDomReports(x) as Json;
  if (!isDomReport(out)) return out;
  out.log = out.log.map((entry) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry) || entry.event !== 'dispatch') return entry;
    const { origin: _origin, source: _source, ...rest } = entry;
    const data = rest.data;
    if (data && typeof data === 'object' && !Array.isArray(data) && 'state' in data) rest.data = { ...data, state: '<masked>' };
    return rest;
  });
  return out;
}
