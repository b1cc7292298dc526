import { lazy, Suspense, useEffect, useRef } from 'react';
import { closeCartDrawer, useCartDrawerOpen } from './cart-drawer-state.js';
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
 * backdrop closes it, focus returns to what opened it) with the lines, the subtotal and the ways on
 * (cart-drawer-contents.tsx).
 */
export function CartDrawer() {
  const open = useCartDrawerOpen();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // whether the dialog is up because the flag said so: a "close" event arriving after this page hid it
  // (the browser fires it a task later, perhaps after a reopening) is not the browser closing it
  const shown = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      showModal(dialog);
      shown.current = true;
      dialog.querySelector<HTMLElement>('.cart-drawer__close')?.focus();
    } else if (dialog.open) {
      shown.current = false;
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
      onClose={(event) => {
        // the browser closed it by itself (Escape pressed again before any other input)
        if (shown.current && !event.currentTarget.open) closeCartDrawer();
      }}
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

/** The drawer's lines, subtotal and checkout: their code (cart lines, steppers, checkout) arrives when the drawer first opens. */
const CartDrawerContents = lazy(() => import('./cart-drawer-contents.js').then((module) => ({ default: module.CartDrawerContents })));

function DrawerPanel() {
  // asked here, beside the header, so the cart loads while the contents' code does
  const shopperCart = useShopperCart();
  const loading = (
    <div className="cart-drawer__body">
      <p className="cart-drawer__status">Loading your cart…</p>
    </div>
  );
  return (
    <div className="cart-drawer__panel">
      <header className="cart-drawer__header">
        <h2 id="cart-drawer-title">Your cart</h2>
        <button type="button" className="cart-drawer__close" onClick={closeCartDrawer} aria-label="Close cart">
          <span aria-hidden="true">×</span>
        </button>
      </header>
      {shopperCart.isPending ? (
        loading
      ) : (
        <Suspense fallback={loading}>
          <CartDrawerContents shopperCart={shopperCart} />
        </Suspense>
      )}
    </div>
  );
}
