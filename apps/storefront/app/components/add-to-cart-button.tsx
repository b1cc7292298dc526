import { useState } from 'react';

/** What the button asks the cart to add: the product, the chosen variant (or choices) and how many. */
export interface AddToCartRequest {
  productId: string;
  /** the chosen variant, when the product has options */
  variantId?: string;
  /** option name → choice, as chosen */
  options: Record<string, string>;
  quantity: number;
}

interface AddToCartButtonProps {
  request: AddToCartRequest;
  /**
   * The cart integration point: adds the line and resolves when the cart has it (rejects with a
   * message to show). Absent until the storefront has a cart: the button is then disabled.
   */
  onAdd?: (request: AddToCartRequest) => Promise<void>;
  /** why the line cannot be added yet ("Choose a size", "Sold out"); disables the button */
  blockedReason?: string;
  /** nothing left of the chosen variant (or the product): the button itself says "Sold out" */
  soldOut?: boolean;
}

type Status = { kind: 'idle' } | { kind: 'adding' } | { kind: 'added' } | { kind: 'failed'; message: string };

/** "Add to cart" with feedback (adding…, added, the cart's error), announced to screen readers. */
export function AddToCartButton({ request, onAdd, blockedReason, soldOut }: AddToCartButtonProps) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const unavailable = !onAdd ? 'The cart opens soon' : blockedReason;
  async function add() {
    if (!onAdd || blockedReason || status.kind === 'adding') return;
    setStatus({ kind: 'adding' });
    try {
      await onAdd(request);
      setStatus({ kind: 'added' });
    } catch (error) {
      setStatus({ kind: 'failed', message: error instanceof Error ? error.message : 'Could not add to the cart' });
    }
  }
  return (
    <div className="add-to-cart">
      <button
        type="button"
        className="button button--primary button--large add-to-cart__button"
        onClick={add}
        disabled={!!unavailable}
        // not `disabled` while adding: a disabled button drops the focus, and the cart drawer that
        // opens next could not give it back when it closes (#25)
        aria-disabled={status.kind === 'adding' || undefined}
        aria-describedby={unavailable ? 'add-to-cart-note' : undefined}
      >
        {soldOut ? 'Sold out' : status.kind === 'adding' ? 'Adding…' : 'Add to cart'}
      </button>
      <p id="add-to-cart-note" className="add-to-cart__note" role="status">
        {soldOut ? '' : (unavailable ?? (status.kind === 'added' ? 'Added to your cart.' : status.kind === 'failed' ? status.message : ''))}
      </p>
    </div>
  );
}
