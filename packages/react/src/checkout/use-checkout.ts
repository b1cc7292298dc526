import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCheckoutOptions } from '@vitrine/sdk';
import { useVitrine } from '../context.js';
import { vitrineKeys } from '../keys.js';

export interface CheckoutOptions {
  /** where the hosted checkout sends the buyer after the order is placed */
  thankYouPageUrl?: string;
  /** where it sends the buyer who leaves the flow: the checkout page's "Continue shopping" link */
  postFlowUrl?: string;
  /** the shop's cart page: the checkout page's "Back to cart" link */
  cartPageUrl?: string;
  /** opens the checkout page; default: the provider's `navigate` (`window.location.assign`) */
  navigate?: (url: string) => void;
}

/** A started checkout: its id and the hosted page it was opened on. */
export interface StartedCheckout {
  checkoutId: string;
  url: string;
}

/**
 * Starts a checkout from the cart and opens the hosted checkout page: create-checkout, then an
 * `ecomCheckout` redirect session carrying the return addresses, then `navigate(fullUrl)`.
 * @example const checkout = useCheckout({ thankYouPageUrl: `${origin}/thanks`, postFlowUrl: `${origin}/`, cartPageUrl: `${origin}/cart` }); checkout.mutate();
 * @throws (as the mutation's error) the server's refusal: OWNED_CART_NOT_FOUND, CART_EMPTY, ITEMS_UNAVAILABLE
 * @see spec §7 "Cart" (create-checkout), "Redirect"
 */
export function useCheckout(options: CheckoutOptions = {}): UseMutationResult<StartedCheckout, Error, CreateCheckoutOptions | undefined> {
  const { client, navigate } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: vitrineKeys.cartWrite('checkout'),
    mutationFn: async (input?: CreateCheckoutOptions) => {
      const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart(input ?? {});
      if (!checkoutId) throw new Error('The server started no checkout (no checkoutId in its answer)');
      const { thankYouPageUrl, postFlowUrl, cartPageUrl } = options;
      const { redirectSession } = await client.redirects.createRedirectSession({
        ecomCheckout: { checkoutId },
        callbacks: {
          ...(thankYouPageUrl && { thankYouPageUrl }),
          ...(postFlowUrl && { postFlowUrl }),
          ...(cartPageUrl && { cartPageUrl }),
        },
      });
      const url = redirectSession?.fullUrl;
      if (!url) throw new Error('The server gave no checkout page address (no redirectSession.fullUrl)');
      (options.navigate ?? navigate)(url);
      return { checkoutId, url };
    },
    // The checkout froze the cart; an app that stays on the page (injected navigate) sees it fresh.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vitrineKeys.cart() }),
  });
}
