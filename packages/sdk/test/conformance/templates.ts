/**
 * Templates (README "Replaying a case" step 6): JSON with `{"$arg": i}`, `{"$var": "name.path"}`,
 * `{"$get": "auth.prop"}`, `{"$call": "auth.fn" | "$name.fn", "args": [...]}` (awaited),
 * `{"$keys": "auth"}`, `{"$pkceCheck": T}`, `{"$domReport": true}`, `{"$timers": true}` and encoded
 * literals. References start at `wix` (the client), `auth` (the client's strategy) or `$name` (a var).
 */
import type { Json } from './corpus.js';
import type { FakeDom } from './dom.js';
import { decode, encodingKey } from './encoding.js';
import { pkceCheck } from './pkce.js';

export interface DriveContext {
  wix: unknown;
  auth: unknown;
  vars: Record<string, unknown>;
  /** the decoded case args, decoded once (`"$all"` passes these very objects) */
  args: unknown[];
  timers: readonly number[];
  dom?: FakeDom;
}

/** The harness's own failure (a bad reference, a missing function): never an SDK outcome. */
export class DriveError extends TypeError {
  override name = 'DriveError';
}

function get(value: unknown, segments: string[], ref: string): unknown {
  let v = value;
  for (const seg of segments) {
    if (v === null || v === undefined) throw new DriveError(`conformance drive: cannot read "${seg}" of ${String(v)} in "${ref}"`);
    v = (v as Record<string, unknown>)[seg];
  }
  return v;
}

function root(ctx: DriveContext, name: string, ref: string): unknown {
  if (name === 'wix') return ctx.wix;
  if (name === 'auth') return ctx.auth;
  const varName = name.startsWith('$') ? name.slice(1) : name;
  if (!(varName in ctx.vars)) throw new DriveError(`conformance drive: no variable "${varName}" (in "${ref}")`);
  return ctx.vars[varName];
}

/** Resolves `wix.a.b`, `auth.x` or `$name.x`: the value and the object it was read from. */
export function resolveRef(ctx: DriveContext, ref: string): { owner: unknown; value: unknown; name: string } {
  const [first, ...rest] = ref.split('.');
  const start = root(ctx, first, ref);
  if (rest.length === 0) return { owner: undefined, value: start, name: first };
  const owner = get(start, rest.slice(0, -1), ref);
  const name = rest[rest.length - 1];
  if (owner === null || owner === undefined)
    throw new DriveError(`conformance drive: "${ref}": ${rest.slice(0, -1).join('.') || first} is ${String(owner)}`);
  return { owner, value: (owner as Record<string, unknown>)[name], name };
}

/** `{"$var": "name.path"}`: a variable, then a property path. */
export function readVar(ctx: DriveContext, ref: string): unknown {
  const [name, ...rest] = ref.split('.');
  if (!(name in ctx.vars)) throw new DriveError(`conformance drive: no variable "${name}"`);
  return get(ctx.vars[name], rest, ref);
}

/** Sorted property names, own and along the prototype chain (Object.prototype's excluded). */
export function listKeys(v: unknown): string[] {
  const names = new Set<string>();
  for (let o = v as object | null; o && o !== Object.prototype && o !== Function.prototype; o = Object.getPrototypeOf(o)) {
    for (const k of Object.getOwnPropertyNames(o)) if (k !== 'constructor') names.add(k);
  }
  return [...names].sort();
}

/** Calls `ref` with `this` = its owner; a missing function is a DriveError (or `undefined` when optional). */
export function callRef(ctx: DriveContext, ref: string, args: unknown[], optional = false): unknown {
  const { owner, value } = resolveRef(ctx, ref);
  if (typeof value !== 'function') {
    if (optional) return undefined;
    throw new DriveError(`conformance drive: ${ref} is not a function (it is ${value === undefined ? 'undefined' : typeof value})`);
  }
  return (value as (...a: unknown[]) => unknown).apply(owner, args);
}

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Evaluates a template; plain data (and keys such as `$in`) is copied, encoded literals decoded. */
export async function evaluate(t: Json | undefined, ctx: DriveContext): Promise<unknown> {
  if (Array.isArray(t)) {
    const out: unknown[] = [];
    for (const x of t) out.push(await evaluate(x, ctx));
    return out;
  }
  if (!isObject(t)) return t;
  const keys = Object.keys(t);
  if (keys.length === 1 || (keys.length === 2 && '$call' in t && 'args' in t)) {
    if ('$arg' in t) return ctx.args[Number(t.$arg)];
    if ('$var' in t) return readVar(ctx, String(t.$var));
    if ('$get' in t) return resolveRef(ctx, String(t.$get)).value;
    if ('$call' in t) {
      const args = Array.isArray(t.args) ? ((await evaluate(t.args, ctx)) as unknown[]) : [];
      return await callRef(ctx, String(t.$call), args);
    }
    if ('$keys' in t) return listKeys(resolveRef(ctx, String(t.$keys)).value);
    if ('$pkceCheck' in t) return pkceCheck(await evaluate(t.$pkceCheck, ctx));
    if ('$domReport' in t) return ctx.dom?.report();
    if ('$timers' in t) return [...ctx.timers];
    if (encodingKey(t)) return decode(t);
  }
  const out: Record<string, unknown> = {};
  for (const k of keys) if (k !== '$class') out[k] = await evaluate(t[k], ctx);
  return out;
}
