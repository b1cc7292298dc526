import type { ReactNode } from 'react';
import { Problem } from './problem.js';

/**
 * The end of a form: how many fields need attention, the server's refusal, "saved", and the submit
 * button (with any other buttons before it).
 */
export function FormFooter({
  problems = 0,
  problem,
  saved,
  savedText = 'Saved.',
  busy,
  submitLabel,
  disabled,
  children,
}: {
  problems?: number;
  problem?: string;
  saved?: boolean;
  savedText?: string;
  busy: boolean;
  submitLabel: string;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="form-footer">
      {problems ? (
        <p className="form-error" role="alert">
          {problems === 1 ? 'One field needs' : `${problems} fields need`} your attention.
        </p>
      ) : null}
      <Problem text={problem ?? ''} />
      {saved ? <output className="form-saved">{savedText}</output> : null}
      {children}
      <button type="submit" className="button button--primary" disabled={busy || disabled}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </div>
  );
}
