import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CartDrawer } from './cart-drawer.js';
import { openCartDrawer, useCartDrawerOpen } from './cart-drawer-state.js';
import { useShopperCart } from './cart-session.js';

/** "Cart", "Cart, 1 item", "Cart, 3 items". */
export function cartLabel(count: number | undefined): string {
  if (!count) return 'Cart, empty';
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

function CartIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M5 7h14l-1.2 11.2a2 2 0 0 1-2 1.8H8.2a2 2 0 0 1-2-1.8z" strokeLinejoin="round" />
      <path d="M9 9V6a3 3 0 0 1 6 0v3" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The header's cart: the number of items in a badge, opening the cart drawer. Until the page runs
 * its scripts (and without them) it is a plain link to the cart page.
 */
export function CartLink() {
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  if (!interactive) {
    return (
      <Link to="/cart" className="site-header__cart">
        <CartIcon />
        <span>Cart</span>
      </Link>
    );
  }
  return <CartButton />;
}

function CartButton() {
  const { data: cart } = useShopperCart();
  const open = useCartDrawerOpen();
  const count = cart?.lineItems?.reduce((total, line) => total + (line.quantity ?? 0), 0) ?? 0;
  return (
    <>
      <button
        type="button"
        className="site-header__cart"
        aria-label={cartLabel(count)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={openCartDrawer}
      >
        <CartIcon />
        <span aria-hidden="true">Cart</span>
        {count ? (
          <span className="cart-badge" aria-hidden="true" data-testid="cart-count">
            {count}
          </span>
        ) : null}
      </button>
      <CartDrawer />
    </>
  );
}
