/**
 * Running a case's steps (README "Replaying a case" step 5): `call` (with `chain`, `as`, `optional`),
 * `parallel` (all started in the same tick, all awaited), `let`, `snapshot`. `special` steps are
 * reference-only (their cases are not applicable).
 */
import type { CallStep, ChainLink, Json, Step } from './corpus.js';
import { decode } from './encoding.js';
import { callRef, type DriveContext, DriveError, evaluate } from './templates.js';

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  (typeof v === 'object' || typeof v === 'function') && v !== null && typeof (v as { then?: unknown }).then === 'function';

/** A call whose arguments are evaluated, ready to be started. */
interface PreparedCall {
  step: CallStep;
  args: unknown[];
  chain: [string, unknown[]][];
}

async function prepare(step: CallStep, ctx: DriveContext): Promise<PreparedCall> {
  const args = step.args === '$all' ? ctx.args : ((await evaluate(step.args as Json[], ctx)) as unknown[]);
  const chain: [string, unknown[]][] = [];
  for (const [method, targs] of step.chain ?? ([] as ChainLink[])) {
    chain.push([method, (await evaluate(targs, ctx)) as unknown[]]);
  }
  return { step, args, chain };
}

/** Starts the call now (synchronously), then follows the chain; resolves to the final value. */
function start(p: PreparedCall, ctx: DriveContext): Promise<unknown> {
  let first: unknown;
  try {
    first = callRef(ctx, p.step.call, p.args, p.step.optional === true);
  } catch (e) {
    return Promise.reject(e);
  }
  return (async () => {
    let v = first;
    for (const [method, args] of p.chain) {
      if (isThenable(v) && typeof (v as unknown as Record<string, unknown>)[method] !== 'function') v = await v;
      const fn = v === null || v === undefined ? undefined : (v as Record<string, unknown>)[method];
      if (typeof fn !== 'function') throw new DriveError(`conformance drive: ${p.step.call}(…).${method} is not a function`);
      v = (fn as (...a: unknown[]) => unknown).apply(v, args);
    }
    const value = await v;
    if (p.step.as) ctx.vars[p.step.as] = value;
    return value;
  })();
}

async function runParallel(steps: Step[], ctx: DriveContext): Promise<void> {
  const prepared: PreparedCall[] = [];
  for (const s of steps) {
    if (!('call' in s)) throw new DriveError('conformance drive: a parallel step must be a call');
    prepared.push(await prepare(s, ctx));
  }
  const settled = await Promise.allSettled(prepared.map((p) => start(p, ctx)));
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

export async function runStep(step: Step, ctx: DriveContext): Promise<void> {
  if ('call' in step) {
    await start(await prepare(step, ctx), ctx);
  } else if ('parallel' in step) {
    await runParallel(step.parallel, ctx);
  } else if ('let' in step) {
    ctx.vars[step.let] = decode(step.value);
  } else if ('snapshot' in step) {
    ctx.vars[step.as] = structuredClone(ctx.vars[step.snapshot]);
  } else if ('special' in step) {
    throw new DriveError(`conformance drive: special step "${step.special}" is reference-only`);
  } else {
    throw new DriveError(`conformance drive: unknown step ${JSON.stringify(step)}`);
  }
}

export async function runSteps(steps: Step[], ctx: DriveContext): Promise<void> {
  for (const step of steps) await runStep(step, ctx);
}
