import { type FormEvent, useId, useState } from 'react';
import type { MediaChange } from '../lib/products-admin.js';

/** A picture's alt text, editable after the upload: saved on its own, an empty text removes it. */
export function MediaAltText({
  mediaId,
  label,
  saved,
  busy,
  run,
}: {
  mediaId: string;
  label: string;
  /** the alt text the server has */
  saved: string;
  busy: boolean;
  run: (change: MediaChange, then: { onSuccess: () => void }) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(saved);
  const [done, setDone] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    run({ kind: 'alt-text', mediaId, altText: draft.trim() }, { onSuccess: () => setDone(true) });
  };
  return (
    <form className="media-card__alt" onSubmit={submit} aria-label={`Alt text of ${label}`}>
      <label htmlFor={`${id}-alt`}>Alt text</label>
      <textarea
        id={`${id}-alt`}
        rows={2}
        maxLength={500}
        value={draft}
        aria-describedby={`${id}-alt-done`}
        onChange={(event) => {
          setDraft(event.target.value);
          setDone(false);
        }}
      />
      <span className="media-card__alt-actions">
        <button type="submit" className="button button--quiet" disabled={busy || draft.trim() === saved}>
          Save alt text
        </button>
        <span id={`${id}-alt-done`} role="status" className="muted">
          {done ? 'Saved' : ''}
        </span>
      </span>
    </form>
  );
}
