import type { createFocusTrap } from 'focus-trap';
import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { inertAllBut } from './page-inert.js';

/**
 * The listing's filters: a column beside the products on a wide screen; on a phone a drawer behind a
 * "Filter (12)" button, so the first screen shows products (CSS decides which; the server renders both).
 * Open, it is a modal dialog: focus moves into it and Tab / Shift+Tab cycle inside (focus-trap), the
 * page behind is `inert`, and Escape or "Show 12 results" closes it with focus back on the button.
 * An estimated total reads "Filter (~1200)" and "Show about 1200 results".
 * focus-trap (with tabbable, some 7 kB gzip: most of the listing's own script) is fetched at the first
 * press of "Filter", not with the page: the drawer opens once it is there, so the trap holds from its first paint.
 */
export function FiltersDrawer({ total, totalExact, children }: { total: number; totalExact: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  const trapFactory = useRef<typeof createFocusTrap | undefined>(undefined);
  const openDrawer = () =>
    import('focus-trap').then((focusTrap) => {
      trapFactory.current = focusTrap.createFocusTrap;
      setOpen(true);
    });
  const shut = () => setOpen(false);
  // a layout effect: the trap and `inert` hold from the moment the drawer shows, before it is painted
  useLayoutEffect(() => {
    const element = drawer.current;
    const createTrap = trapFactory.current;
    if (!open || !element || !createTrap) return;
    const restore = inertAllBut(element);
    const trap = createTrap(element, {
      initialFocus: () => close.current ?? false,
      escapeDeactivates: true,
      // the shopper may tap the page's dimmed edge; the drawer stays open until closed on purpose
      allowOutsideClick: false,
      // focus goes back to the button below, once the page behind is no longer inert (an inert button
      // cannot take focus: focus-trap's own return landed before that and was lost)
      returnFocusOnDeactivate: false,
      onDeactivate: () => setOpen(false),
    });
    trap.activate();
    return () => {
      const focusWasInside = element.contains(document.activeElement);
      trap.deactivate({ onDeactivate: () => undefined });
      restore();
      if (focusWasInside) toggle.current?.focus();
    };
  }, [open]);
  const results = !totalExact ? `about ${total} results` : total === 1 ? '1 result' : `${total} results`;
  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="button listing__filter-toggle"
        aria-expanded={open}
        aria-controls={`${id}-drawer`}
        onClick={openDrawer}
      >
        {/* one flex item: the button's gap would part the words of an estimate */}
        <span>
          Filter (
          {totalExact ? (
            total
          ) : (
            <>
              <span aria-hidden="true">~{total}</span>
              <span className="visually-hidden">about {total}</span>
            </>
          )}
          )
        </span>
      </button>
      <aside
        ref={drawer}
        id={`${id}-drawer`}
        className="listing__filters"
        data-open={open}
        aria-label="Filters"
        {...(open ? { role: 'dialog', 'aria-modal': true } : {})}
      >
        <div className="listing__drawer-bar">
          <h2>Filters</h2>
          <button ref={close} type="button" className="button listing__drawer-close" onClick={shut}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Close filters</span>
          </button>
        </div>
        {children}
        <div className="listing__drawer-foot">
          <button type="button" className="button button--primary" onClick={shut}>
            Show {results}
          </button>
        </div>
      </aside>
    </>
  );
}
