import { useCart, useCartUpdating, useCheckout } from '@vitrine/react';
import type { CreateCheckoutOptions } from '@vitrine/sdk';
import { availabilityWarning } from './cart-line.js';

/** Where the hosted checkout sends the shopper back: the thank-you page; its links to the cart and to the shop. */
export function checkoutReturns(origin: string) {
  return { thankYouPageUrl: `${origin}/thank-you`, cartPageUrl: `${origin}/cart`, postFlowUrl: `${origin}/` };
}

/**
 * "Checkout": freezes the cart into a checkout and opens the server's hosted checkout page, with the
 * address and shipping option the shopper estimated (when given). Waits while a cart write is in
 * flight and while a line cannot be bought; the server's refusal is shown under it.
 */
export function CartCheckoutButton({ details, className = '' }: { details?: CreateCheckoutOptions; className?: string }) {
  const { data: cart } = useCart();
  const isUpdating = useCartUpdating();
  const checkout = useCheckout(typeof window === 'undefined' ? {} : checkoutReturns(window.location.origin));
  const lines = cart?.lineItems ?? [];
  const blocked = lines.some((line) => availabilityWarning(line));
  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <div className={`cart-checkout ${className}`}>
      <button
        type="button"
        className="button button--primary button--large cart-checkout__button"
        disabled={!lines.length || isUpdating || blocked || busy}
        onClick={() => checkout.mutate(details)}
      >
        {busy ? 'Opening checkout…' : 'Checkout'}
      </button>
      {blocked ? <p className="cart-checkout__note">Some items are not available in the quantity you chose.</p> : null}
      {checkout.error ? (
        <p className="cart-checkout__error" role="alert">
          {checkout.error.message}
        </p>
      ) : null}
    </div>
  );
}
