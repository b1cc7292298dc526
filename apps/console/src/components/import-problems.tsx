import type { ImportFailure } from '../lib/import-failure.js';
import { problemLine } from '../lib/import-failure.js';

/** A refused import file: the reason, announced as it appears, and its problems by line. */
export function ImportProblems({ failure }: { failure: ImportFailure }) {
  const { headline, problems, total } = failure;
  return (
    <div role="alert" className="import-problems" data-testid="import-problems">
      <p className="form-error">{headline}</p>
      {problems.length ? (
        <>
          <ul className="import-problems__list">
            {problems.map((problem, index) => (
              // a line may have several problems, and a problem may repeat on the same line
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is shown once and never reordered
              <li key={index}>{problemLine(problem)}</li>
            ))}
          </ul>
          {total > problems.length ? (
            <p className="muted">
              The first {problems.length.toLocaleString()} of {total.toLocaleString()} problems are shown.
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
