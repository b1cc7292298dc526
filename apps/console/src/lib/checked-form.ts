import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorText } from './format.js';
import { forgetKeptDraft, keepOnSessionEnd, keptDraft } from './kept-drafts.js';

/** What `save` throws when the server refused fields of the form: their problems, shown beside them like the form's own. */
export class FieldRefusal<K extends string = string> extends Error {
  constructor(
    readonly errors: Partial<Record<K, string>>,
    options?: { cause?: unknown },
  ) {
    super('the server refused some fields', options);
    this.name = 'FieldRefusal';
  }
}

/**
 * A form's draft and its life: on submit the draft is checked (`check` answers what to send or the
 * problems by field); nothing is sent while there are problems; the server's refusal is kept in
 * words (`refusal` says what was not done); "saved" shows until the draft changes again.
 */
export function useCheckedForm<D, Out, K extends string>(
  initial: D,
  check: (draft: D) => { value: Out } | { errors: Partial<Record<K, string>> },
  save: (value: Out) => Promise<unknown>,
  refusal: string,
  keepAs?: string,
) {
  const { draft, setDraft, restored } = useKeptDraft(initial, keepAs);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const set = (changes: Partial<D>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setSaved(false);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem('');
    const checked = check(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await save(checked.value);
      setSaved(true);
    } catch (err) {
      if (err instanceof FieldRefusal) setErrors(err.errors as Partial<Record<K, string>>);
      else setProblem(`${refusal}: ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  }

  return { draft, set, errors, problems: Object.keys(errors).length, problem, busy, saved, submit, restored };
}

/**
 * The draft, kept under `keepAs` (when given) if the session ends while it has unsaved changes, and
 * started from the kept one when there is one (`restored`).
 */
function useKeptDraft<D>(initial: D, keepAs: string | undefined) {
  const [opened] = useState(() => (keepAs ? keptDraft<D>(keepAs) : undefined));
  const [draft, setDraft] = useState(opened ?? initial);
  const latest = useRef(draft);
  latest.current = draft;
  useEffect(() => {
    if (!keepAs) return;
    // taken: a later session end keeps the draft again, a reload without one starts afresh
    forgetKeptDraft(keepAs);
    const first = latest.current;
    // unsaved: changed since the form opened, or restored (never saved since)
    return keepOnSessionEnd(keepAs, () => (opened !== undefined || latest.current !== first ? latest.current : undefined));
  }, [keepAs, opened]);
  return { draft, setDraft, restored: opened !== undefined };
}
