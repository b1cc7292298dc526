/**
 * Tabs of one shop share a cart (their tokens are in the same `localStorage`): a tab that changes it
 * tells the others over a BroadcastChannel, and they fetch it again, so no tab sends a quantity
 * computed from a cart another tab has since changed.
 */

import type { QueryClient } from '@tanstack/react-query';
import { vitrineKeys } from '../keys.js';

const CHANNEL_NAME = 'vitrine.cart';

// One channel object per page: a message never comes back to the object that sent it, so a tab
// does not refetch after its own writes.
let channel: BroadcastChannel | null | undefined;

function cartChannel(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  return channel;
}

/** Tells the page's other tabs that the cart changed (after the server answered a write). */
export function announceCartChange(): void {
  cartChannel()?.postMessage('cart-changed');
}

/** Refetches the cart whenever another tab changed it; answers the function that stops listening. */
export function followOtherTabs(queryClient: QueryClient): () => void {
  const listening = cartChannel();
  if (!listening) return () => {};
  const refetch = () => void queryClient.invalidateQueries({ queryKey: vitrineKeys.cart() });
  listening.addEventListener('message', refetch);
  return () => listening.removeEventListener('message', refetch);
}
