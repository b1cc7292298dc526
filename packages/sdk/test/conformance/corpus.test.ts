/**
 * Conformance of @vitrine/sdk with the recorded reference traffic: every runnable case of the corpus
 * (`fixtures/corpus.json`, or `$VITRINE_CORPUS`) is replayed against the SDK exactly
 * as the corpus README section "Replaying a case" describes, and judged as its section "How a case is
 * judged" says (see run.ts). One test per case, named by the case id. Cases that are not applicable
 * (`expect.applicable: false`) or `skipped` are not registered at all; one test lists them instead.
 * A failing case's message lists every request and outcome mismatch, the requests sent and the
 * actual outcome.
 */
import { describe, expect, it } from 'vitest';
import { loadCorpus, notRunnableReason } from './corpus.js';
import { type BuildClient, DEADLINE_MS, formatReport, runCase } from './run.js';

const corpus = loadCorpus();
const runnable = corpus.cases.filter((c) => notRunnableReason(c) === undefined);
const notRunnable = corpus.cases.filter((c) => notRunnableReason(c) !== undefined);

let sdk: Promise<BuildClient> | undefined;
/** The SDK is imported on first use, so a missing or broken module fails the cases, not the file. */
const loadSdk = (): Promise<BuildClient> => {
  sdk ??= import('./sdk.js').then((m) => m.buildClient);
  return sdk;
};

describe('conformance corpus', () => {
  it(`${notRunnable.length} of ${corpus.cases.length} cases are not applicable or skipped, each with a reason`, () => {
    expect(runnable.length + notRunnable.length).toBe(corpus.cases.length);
    expect(runnable.length).toBeGreaterThan(0);
    const withoutReason = notRunnable.filter((c) => !notRunnableReason(c)?.trim()).map((c) => c.id);
    expect(withoutReason, 'not-runnable cases without a reason').toEqual([]);
    const ids = corpus.cases.map((c) => c.id);
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      'duplicate case ids',
    ).toEqual([]);
  });

  for (const c of runnable) {
    it(
      c.id,
      async () => {
        const build = await loadSdk();
        const report = await runCase(c, corpus, build);
        if (report.failures.length > 0) throw new Error(formatReport(c, report));
      },
      DEADLINE_MS * 2 + 2000,
    );
  }
});
