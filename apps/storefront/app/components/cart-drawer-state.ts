/**
 * Whether the cart drawer is open: one flag for the page, shared by the header's cart button (which
 * shows the drawer) and the product page's "Add to cart" (which opens it once the line is in).
 * Nothing opens it on the server, so a server render always has it closed.
 */
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

/** Shows the cart drawer. */
export const openCartDrawer = () => set(true);
/** Hides the cart drawer. */
export const closeCartDrawer = () => set(false);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the drawer is open (rerenders when it opens or closes). */
export function useCartDrawerOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
