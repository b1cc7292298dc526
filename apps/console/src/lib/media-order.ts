/**
 * The order of a product's pictures as the merchant changes it (a Move button, or a card dragged
 * onto another): the full list of media ids the server's reorder call takes, and what to announce.
 */

/** `ids` with the item at `from` taken out and put in at `to` (the place it ends up); `undefined` when nothing moves. */
export function movedOrder(ids: readonly string[], from: number, to: number): string[] | undefined {
  const inside = (i: number) => Number.isInteger(i) && i >= 0 && i < ids.length;
  if (!inside(from) || !inside(to) || from === to) return undefined;
  const out = [...ids];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as string);
  return out;
}

/** What a screen reader hears once the server has the new order: "Now picture 1 of 3, the main picture." */
export function placeText(place: number, count: number): string {
  return `Now picture ${place + 1} of ${count}${place === 0 ? ', the main picture' : ''}.`;
}
