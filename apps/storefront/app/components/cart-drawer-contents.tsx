import { Link } from 'react-router';
import { useLocale, useShopCurrency } from '../lib/locale.js';
import { CartCheckoutButton } from './cart-checkout-button.js';
import { closeCartDrawer } from './cart-drawer-state.js';
import { CartLines } from './cart-line.js';
import { formatPrice } from './cart-money.js';
import type { ShopperCart } from './cart-session.js';

/**
 * The open cart drawer under its header, once the cart has loaded: the lines with their steppers, the
 * subtotal (dimmed while the server recomputes it) and the ways on, the cart page and checkout. Fetched
 * when the drawer first opens (cart-drawer.tsx): no page shows it at its first paint.
 */
export function CartDrawerContents({ shopperCart }: { shopperCart: ShopperCart }) {
  const { data: cart, isError, error, isUpdating } = shopperCart;
  const locale = useLocale();
  const shopCurrency = useShopCurrency();
  const currency = cart?.currency ?? shopCurrency;
  const lines = cart?.lineItems ?? [];
  return (
    <>
      <div className="cart-drawer__body">
        {isError ? (
          <p className="cart-drawer__status" role="alert">
            Your cart could not be loaded: {error?.message}
          </p>
        ) : lines.length ? (
          <CartLines lines={lines} currency={currency} />
        ) : (
          <div className="cart-empty">
            <p>Your cart is empty.</p>
            <Link to="/products" className="button" onClick={closeCartDrawer}>
              Start shopping
            </Link>
          </div>
        )}
      </div>
      {lines.length ? (
        <footer className="cart-drawer__footer">
          <p className="cart-subtotal" aria-busy={isUpdating} data-updating={isUpdating || undefined}>
            <span>Subtotal</span>
            <span data-testid="drawer-subtotal">{formatPrice(cart?.subtotal, currency, locale)}</span>
          </p>
          <p className="cart-drawer__hint">Shipping, tax and discounts are worked out at checkout.</p>
          <div className="cart-drawer__actions">
            <Link to="/cart" className="button button--large" onClick={closeCartDrawer}>
              View cart
            </Link>
            <CartCheckoutButton />
          </div>
        </footer>
      ) : null}
    </>
  );
}
