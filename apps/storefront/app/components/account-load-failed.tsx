import type { ReactNode } from 'react';

/**
 * A part of the member's account that could not be loaded: the sentence that says which and why, and a
 * button that asks the server again (announced at once: `role="alert"`).
 */
export function AccountLoadFailed({ children, retry }: { children: ReactNode; retry(): void }) {
  return (
    <div role="alert">
      <p className="account-form__error">{children}</p>
      <button type="button" className="button" onClick={() => retry()}>
        Try again
      </button>
    </div>
  );
}
