import { Link } from 'react-router';
import { CartCouponForm } from '../components/cart-coupon-form.js';
import { serverMessage } from '../components/cart-error-message.js';
import { CartEstimate } from '../components/cart-estimate.js';
import { CartLines } from '../components/cart-line.js';
import { useLineTotals } from '../components/cart-line-totals.js';
import { useShopperCart } from '../components/cart-session.js';
import { useShopCurrency } from '../lib/locale.js';
import { shopNameOf } from '../lib/seo.js';
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Cart · ${shopNameOf(matches)}` },
  // a shopper's own page: nothing for search engines
  { name: 'robots', content: 'noindex' },
];

/**
 * The cart page: the lines (quantities optimistic, money from the server), the coupon, the estimate
 * for a shipping address (options, tax, discounts, total) and checkout. Rendered in the browser from
 * the shopper's own cart; the server sends the frame with a loading state.
 */
export default function CartPage() {
  const { data: cart, isPending, isError, error, refetch } = useShopperCart();
  const shopCurrency = useShopCurrency();
  const currency = cart?.currency ?? shopCurrency;
  const lines = cart?.lineItems ?? [];
  const totals = useLineTotals();
  return (
    <div className="container cart-page">
      <h1>Your cart</h1>
      {isPending ? (
        <p className="cart-page__status" role="status">
          Loading your cart…
        </p>
      ) : isError ? (
        <div className="cart-page__status" role="alert">
          <p>Your cart could not be loaded: {error ? serverMessage(error) : 'unknown error'}</p>
          <button type="button" className="button" onClick={() => refetch()}>
            Try again
          </button>
        </div>
      ) : !lines.length ? (
        <div className="cart-empty cart-empty--page">
          <p>Your cart is empty.</p>
          <Link to="/products" className="button button--primary button--large">
            Start shopping
          </Link>
        </div>
      ) : (
        <div className="cart-page__layout">
          <div className="cart-page__main">
            <CartLines lines={lines} currency={currency} large totals={totals} />
            <CartCouponForm currency={currency} />
          </div>
          <CartEstimate currency={currency} />
        </div>
      )}
    </div>
  );
}
