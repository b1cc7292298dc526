import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';

/**
 * The listing's filters: a column beside the products on a wide screen; on a phone a drawer behind a
 * "Filter (12)" button, so the first screen shows products (CSS decides which; the server renders both).
 * Open, it is a modal dialog: Escape or "Show 12 results" closes it and focus returns to the button.
 */
export function FiltersDrawer({ total, children }: { total: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const shut = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  // the close button can take focus only once the drawer is shown; Escape closes wherever focus is,
  // from the moment the drawer shows (a layout effect: before the browser paints it)
  useLayoutEffect(() => {
    if (!open) return;
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const results = total === 1 ? '1 result' : `${total} results`;
  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="button listing__filter-toggle"
        aria-expanded={open}
        aria-controls={`${id}-drawer`}
        onClick={() => setOpen(true)}
      >
        Filter ({total})
      </button>
      <aside
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
