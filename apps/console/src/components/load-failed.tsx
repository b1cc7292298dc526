import { errorText } from '../lib/format.js';

/** A read that failed: what could not be loaded, the server's reason, and a retry. */
export function LoadFailed({ what, error, retry }: { what: string; error: unknown; retry: () => unknown }) {
  return (
    <div role="alert">
      <p className="form-error">
        {what} could not be loaded: {errorText(error)}
      </p>
      <button type="button" className="button" onClick={() => retry()}>
        Try again
      </button>
    </div>
  );
}
