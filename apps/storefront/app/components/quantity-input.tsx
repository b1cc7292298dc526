import { useId } from 'react';

/** A quantity with − and + buttons around a number field, kept between 1 and `max`. */
export function QuantityInput({ value, max, onChange }: { value: number; max: number; onChange(n: number): void }) {
  const id = useId();
  const clamp = (n: number) => Math.min(Math.max(1, Math.floor(n) || 1), Math.max(1, max));
  return (
    <div className="quantity">
      <label htmlFor={id}>Quantity</label>
      <div className="quantity__control">
        <button type="button" onClick={() => onChange(clamp(value - 1))} disabled={value <= 1} aria-label="Decrease quantity">
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={value}
          onChange={(e) => onChange(clamp(Number(e.target.value)))}
        />
        <button type="button" onClick={() => onChange(clamp(value + 1))} disabled={value >= max} aria-label="Increase quantity">
          +
        </button>
      </div>
    </div>
  );
}
