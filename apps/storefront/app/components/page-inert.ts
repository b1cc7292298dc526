/**
 * Makes everything on the page but `keep` (and its ancestors) inert: what lies behind a modal
 * drawer can be neither focused, clicked nor read by a screen reader. Returns the undo, which only
 * lifts the `inert` it set (an element already inert stays so).
 */
export function inertAllBut(keep: HTMLElement): () => void {
  const made: Element[] = [];
  for (let node: HTMLElement | null = keep; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling === node || sibling.hasAttribute('inert')) continue;
      sibling.setAttribute('inert', '');
      made.push(sibling);
    }
  }
  return () => {
    for (const element of made) element.removeAttribute('inert');
  };
}
