/**
 * Replaying one case (README "Replaying a case", steps 1–9) and judging it ("How a case is judged"):
 * pin the environment, install the fetch replayer (and the fake DOM), build the client, run the steps,
 * evaluate `result` and, one macrotask later, `after`; then list every failure.
 */
import { type Case, type Corpus, expectedAfter, expectedExchanges, expectedOutcome, type Json } from './corpus.js';
import { installDom } from './dom.js';
import { runSteps } from './drive.js';
import { decode, encode } from './encoding.js';
import { type PinnedEnvironment, pinEnvironment } from './environment.js';
import { DeadlineError, macrotask, withDeadline } from './globals.js';
import { type ActualOutcome, checkAfter, checkOutcome, describeError } from './outcome.js';
import { createReplayer, type Replayer, type SentRequest, VIA_GLOBAL, VIA_OPTION } from './replayer.js';
import { checkRequests, listSent } from './requests.js';
import { checkRule, sentState } from './rules.js';
import type { DrivenClient } from './sdk.js';
import { type DriveContext, DriveError, evaluate } from './templates.js';
import { caseLiterals, outcomeOverride } from './volatile.js';

/** What the harness needs from the SDK: `sdk.ts`'s `buildClient`, loaded lazily. */
export type BuildClient = (
  spec: NonNullable<Case['drive']>['client'],
  hosts: Corpus['environment']['hosts'],
  fetchOption?: ReturnType<Replayer['fetch']>,
) => DrivenClient | undefined;

export interface CaseReport {
  id: string;
  failures: string[];
  requests: SentRequest[];
  outcome: ActualOutcome;
  after?: Json;
}

/** How long (real time) the harness waits for a case's steps before giving up. */
export const DEADLINE_MS = 8000;

async function drivePhase(c: Case, ctx: DriveContext, build: () => DrivenClient | undefined): Promise<ActualOutcome> {
  const drive = c.drive!;
  try {
    const client = build();
    ctx.wix = client?.wix;
    ctx.auth = client?.auth;
    await runSteps(drive.steps, ctx);
    return { kind: 'returned', value: encode(await evaluate(drive.result, ctx)) };
  } catch (error) {
    if (error instanceof DriveError) return { kind: 'harness', message: error.message };
    let attached: Json | undefined;
    if (drive.attachToError)
      attached = encode(await evaluate(drive.attachToError, ctx).catch((e: unknown) => ({ attachToErrorFailed: String(e) })));
    return { kind: 'threw', error, attached };
  }
}

function deadlineMessage(replayer: Replayer, what: string): () => string {
  return () =>
    `${what} did not settle within ${DEADLINE_MS} ms (${replayer.requests.length} request(s) sent); a promise the SDK never settles?`;
}

async function replay(c: Case, corpus: Corpus, build: BuildClient, env: PinnedEnvironment, replayer: Replayer) {
  const drive = c.drive!;
  const hosts = corpus.environment.hosts;
  env.patch.set(globalThis, 'fetch', replayer.fetch(VIA_GLOBAL));
  const dom = drive.dom
    ? installDom(env.patch, { messages: drive.dom.messages ?? [], apiOrigin: hosts.api, sentState: () => sentState(replayer.requests) })
    : undefined;
  const ctx: DriveContext = { wix: undefined, auth: undefined, vars: {}, args: decode(c.args) as unknown[], timers: env.timers, dom };
  const fetchOption = drive.client.fetchOption ? replayer.fetch(VIA_OPTION) : undefined;
  let outcome: ActualOutcome;
  try {
    outcome = await withDeadline(
      drivePhase(c, ctx, () => build(drive.client, hosts, fetchOption)),
      DEADLINE_MS,
      deadlineMessage(replayer, 'the steps'),
    );
  } catch (e) {
    outcome = { kind: 'harness', message: e instanceof DeadlineError ? e.message : `drive crashed: ${describeError(e)}` };
  }
  await macrotask();
  let after: Json | undefined;
  let afterFailure: string | undefined;
  if (drive.after !== undefined) {
    try {
      after = encode(await withDeadline(evaluate(drive.after, ctx), DEADLINE_MS, deadlineMessage(replayer, 'drive.after')));
    } catch (e) {
      afterFailure = `after: evaluating drive.after failed: ${describeError(e)}`;
    }
  }
  return { ctx, outcome, after, afterFailure, dom: dom?.report() };
}

/** Replays `c` against the SDK and returns every failure (none: the case passes). */
export async function runCase(c: Case, corpus: Corpus, build: BuildClient): Promise<CaseReport> {
  if (!c.drive) throw new Error(`case ${c.id} has no drive: it is not runnable`);
  const exchanges = expectedExchanges(c);
  const mode = (c.expect.replay ?? c.drive.replay) === 'match' ? 'match' : 'order';
  const replayer = createReplayer(exchanges, mode);
  const env = pinEnvironment({
    caseId: c.id,
    nowMs: Date.parse(corpus.environment.fixedNow),
    fastForwardMs: c.drive.dom?.fastForwardTimeoutMs,
  });
  let r: Awaited<ReturnType<typeof replay>>;
  try {
    r = await replay(c, corpus, build, env, replayer);
  } finally {
    env.restore();
  }
  const literals = caseLiterals(c);
  const override = outcomeOverride(literals);
  const clientId = c.drive.client.clientId ?? corpus.environment.clientId;
  const failures = [
    ...checkRequests(exchanges, replayer.requests, { hosts: corpus.environment.hosts, literals, clientId }),
    ...checkOutcome(expectedOutcome(c), r.outcome, override),
    ...(r.afterFailure ? [r.afterFailure] : checkAfter(expectedAfter(c), r.after, c.drive.after !== undefined, override)),
    ...(c.expect.rules ?? []).flatMap((rule) =>
      checkRule(rule, { args: c.args, liveArgs: r.ctx.args, requests: replayer.requests, dom: r.dom, timers: env.timers }),
    ),
  ];
  return { id: c.id, failures, requests: replayer.requests, outcome: r.outcome, after: r.after };
}

function describeOutcome(o: ActualOutcome): string {
  if (o.kind === 'returned') return `returned ${JSON.stringify(o.value)?.slice(0, 600)}`;
  if (o.kind === 'threw') return `threw ${describeError(o.error)}`;
  return `harness failure: ${o.message}`;
}

/** The failure report of a case: what the SDK authors read. */
export function formatReport(c: Case, report: CaseReport): string {
  const lines = [
    `conformance case ${c.id}: ${report.failures.length} failure(s)`,
    `  call: ${c.call}${c.specRef ? `   [${c.specRef}]` : ''}${c.expect.deviations?.length ? `   deviations: ${c.expect.deviations.join(', ')}` : ''}`,
    ...report.failures.map((f) => `  ✗ ${f}`),
    `  requests sent (${report.requests.length}):`,
    ...listSent(report.requests).map((l) => `    ${l}`),
    `  actual outcome: ${describeOutcome(report.outcome)}`,
  ];
  if (report.after !== undefined) lines.push(`  actual after: ${JSON.stringify(report.after).slice(0, 600)}`);
  return lines.join('\n');
}
