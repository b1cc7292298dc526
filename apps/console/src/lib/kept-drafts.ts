/**
 * Unsaved forms kept across a session that ended (issue #24): while a form is open it names its
 * draft here; when the session ends the drafts that differ from what the form opened with are
 * written to this tab's `sessionStorage`, and the form opened again after signing in starts from its
 * kept draft. Nothing leaves the tab, and the tab's end forgets them.
 */
const PREFIX = 'vitrine.console.draft.';

/** The open forms' unsaved drafts by key (undefined: nothing changed). */
const open = new Map<string, () => unknown>();

/** Names the form's unsaved draft under `key` until the returned function is called (the form closes). */
export function keepOnSessionEnd(key: string, unsaved: () => unknown): () => void {
  open.set(key, unsaved);
  return () => {
    if (open.get(key) === unsaved) open.delete(key);
  };
}

/** Writes every open form's unsaved draft to `sessionStorage` (the session just ended). */
export function keepOpenDrafts(): void {
  for (const [key, unsaved] of open) {
    const draft = unsaved();
    if (draft === undefined) continue;
    try {
      sessionStorage.setItem(PREFIX + key, JSON.stringify(draft));
    } catch {
      // storage full or refused: the draft is lost, as it was before drafts were kept
    }
  }
}

/** The draft kept under `key`, if any (it stays until `forgetKeptDraft`). */
export function keptDraft<D>(key: string): D | undefined {
  try {
    const text = sessionStorage.getItem(PREFIX + key);
    return text === null ? undefined : (JSON.parse(text) as D);
  } catch {
    return undefined;
  }
}

export function forgetKeptDraft(key: string): void {
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // nothing could be kept either
  }
}
