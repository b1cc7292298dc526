import { useId, useState } from 'react';

interface QuantityInputProps {
  value: number;
  max: number;
  onChange(quantity: number): void;
  /** the visible label (default "Quantity") */
  label?: string;
  /** the label stays for screen readers only (the cart's lines) */
  hideLabel?: boolean;
  /** the product the quantity is of, named in the buttons' labels ("Increase quantity of …") */
  itemName?: string;
  disabled?: boolean;
  /**
   * How many are left: a typed quantity above it says "Only N left" beside the field (null: the
   * stock is not counted, but the line for the note is kept, as the product page's layout expects).
   */
  available?: number | null;
}

/** A quantity with − and + buttons around a number field, kept between 1 and `max` (saying so when stock caps it). */
export function QuantityInput({ value, max, onChange, label = 'Quantity', hideLabel, itemName, disabled, available }: QuantityInputProps) {
  const id = useId();
  // the shopper asked for more than there is: the field shows what is left, and says why
  const [capped, setCapped] = useState(false);
  const type = (typed: number) => {
    setCapped(typeof available === 'number' && typed > available);
    onChange(clamp(typed));
  };
  const clamp = (quantity: number) => Math.min(Math.max(1, Math.floor(quantity) || 1), Math.max(1, max));
  const ofItem = itemName ? ` of ${itemName}` : '';
  return (
    <div className="quantity">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <div className="quantity__control">
        <button type="button" onClick={() => type(value - 1)} disabled={disabled || value <= 1} aria-label={`Decrease quantity${ofItem}`}>
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={value}
          disabled={disabled}
          aria-describedby={capped ? `${id}-limit` : undefined}
          onChange={(event) => type(Number(event.target.value))}
        />
        <button type="button" onClick={() => type(value + 1)} disabled={disabled || value >= max} aria-label={`Increase quantity${ofItem}`}>
          +
        </button>
      </div>
      {available !== undefined ? (
        <p id={`${id}-limit`} className="quantity__limit" role="status">
          {capped && typeof available === 'number' ? `Only ${available} left` : ''}
        </p>
      ) : null}
    </div>
  );
}
