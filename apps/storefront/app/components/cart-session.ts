/**
 * The shopper's cart for the header, the drawer and the cart page, without asking the server when
 * there can be none. A browser that never got tokens from the shop (no cart call, no login yet) has
 * no cart: `useCart` would still ask and get the spec's 404 (OWNED_CART_NOT_FOUND), which browsers
 * log as a failed request on every page a new visitor opens. Same query and cache as `useCart`.
 */
import { useQuery } from '@tanstack/react-query';
import { cartQueryOptions, useCartUpdating, useVitrine } from '@vitrine/react';
import type { Cart } from '@vitrine/sdk';
import { useEffect, useState } from 'react';

export interface ShopperCart {
  /** `null`: no cart (yet); `undefined` while loading */
  data: Cart | null | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  /** a cart write is in flight: money fields may be about to change */
  isUpdating: boolean;
  refetch(): void;
}

/** `useCart`, but a browser without the shop's tokens has no cart and makes no request for it. */
export function useShopperCart(): ShopperCart {
  const { client } = useVitrine();
  // decided after hydration: the server render (no storage) and the first browser render agree
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const hasSession = mounted && !!client.auth.getTokens().refreshToken.value;
  const query = useQuery({ ...cartQueryOptions(client), enabled: hasSession });
  const isUpdating = useCartUpdating();
  const none = mounted && !hasSession && query.data === undefined;
  return {
    data: none ? null : query.data,
    isPending: none ? false : query.isPending,
    isError: query.isError,
    error: query.error,
    isUpdating,
    refetch: () => void query.refetch(),
  };
}
