import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useLocale, useShopCurrency } from '../lib/locale.js';
import { CartCheckoutButton } from './cart-checkout-button.js';
import { closeCartDrawer, useCartDrawerOpen } from './cart-drawer-state.js';
import { CartLines } from './cart-line.js';
import { formatPrice } from './cart-money.js';
import { useShopperCart } from './cart-session.js';

/** Opens `dialog` as a modal (the rest of the page inert, Escape closes it); an open attribute where unsupported. */
function showModal(dialog: HTMLDialogElement): void {
  if (dialog.open) return;
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

function hide(dialog: HTMLDialogElement): void {
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
}

/**
 * The cart as a side panel over the page: a labelled modal dialog (focus stays inside, Escape or the
 * backdrop closes it, focus returns to what opened it) with the lines, the subtotal (dimmed while the
 * server recomputes it) and the ways on: the cart page and checkout.
 */
export function CartDrawer() {
  const open = useCartDrawerOpen();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      showModal(dialog);
      dialog.querySelector<HTMLElement>('.cart-drawer__close')?.focus();
    } else if (dialog.open) {
      hide(dialog);
      opener.current?.focus();
      opener.current = null;
    }
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click mirrors Escape, which the dialog's cancel event handles
    <dialog
      ref={ref}
      className="cart-drawer"
      aria-labelledby="cart-drawer-title"
      onClose={closeCartDrawer}
      onCancel={(event) => {
        // closed through the flag, so focus goes back to the opener
        event.preventDefault();
        closeCartDrawer();
      }}
      onClick={(event) => {
        // a click on the backdrop lands on the dialog itself, outside its panel
        if (event.target === event.currentTarget) closeCartDrawer();
      }}
    >
      {open ? <DrawerPanel /> : null}
    </dialog>
  );
}

function DrawerPanel() {
  const { data: cart, isPending, isError, error, isUpdating } = useShopperCart();
  const locale = useLocale();
  const shopCurrency = useShopCurrency();
  const currency = cart?.currency ?? shopCurrency;
  const lines = cart?.lineItems ?? [];
  return (
    <div className="cart-drawer__panel">
      <header className="cart-drawer__header">
        <h2 id="cart-drawer-title">Your cart</h2>
        <button type="button" className="cart-drawer__close" onClick={closeCartDrawer} aria-label="Close cart">
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="cart-drawer__body">
        {isPending ? (
          <p className="cart-drawer__status">Loading your cart…</p>
        ) : isError ? (
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
    </div>
  );
}
