import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal question before an action that cannot be undone from the console. The browser's own
 * `<dialog>` opened with `showModal()`: the page behind is inert, focus moves in and returns to the
 * button that opened it, Escape cancels; the title names the dialog for screen readers.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const { open, onCancel } = props;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    // Escape closes a modal dialog by itself: the page's state follows it.
    const cancelled = (event: Event) => {
      event.preventDefault();
      onCancel();
    };
    dialog?.addEventListener('cancel', cancelled);
    return () => dialog?.removeEventListener('cancel', cancelled);
  }, [onCancel]);

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`}>
      <h2 id={`${id}-title`}>{props.title}</h2>
      <div id={`${id}-body`}>{props.children}</div>
      <div className="actions__buttons dialog__buttons">
        <button type="button" className="button" onClick={onCancel}>
          Not now
        </button>
        <button type="button" className="button button--primary" disabled={props.busy} onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
