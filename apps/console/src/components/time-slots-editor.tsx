import { MAX_SLOTS, newSlot, type OptionErrors, type SlotDraft } from '../lib/shipping-draft.js';
import { Field } from './field.js';

/**
 * A shipping option's delivery time slots: rows of from/to dates and times in the merchant's time
 * zone, added and removed. Buyers are offered each slot that has not ended, earliest first.
 */
export function TimeSlotsEditor({
  slots,
  errors,
  onChange,
}: {
  slots: SlotDraft[];
  errors: OptionErrors;
  onChange: (slots: SlotDraft[]) => void;
}) {
  const setSlot = (i: number, changes: Partial<SlotDraft>) => onChange(slots.map((slot, k) => (k === i ? { ...slot, ...changes } : slot)));
  return (
    <fieldset className="form-section">
      <legend>Delivery time slots</legend>
      <p className="muted">
        Optional. Buyers choose one of the slots that have not ended yet; each is offered at the option’s price. Times are in your time
        zone.
      </p>
      {errors.timeSlots ? <p className="field__error">{errors.timeSlots}</p> : null}
      {slots.map((slot, i) => (
        <div key={slot.key} className="form-row" data-testid="time-slot-row">
          <Field label={`Slot ${i + 1}: from`} error={errors[`timeSlots.${i}.from`]}>
            {(fieldProps) => (
              <input
                {...fieldProps}
                type="datetime-local"
                value={slot.from}
                onChange={(event) => setSlot(i, { from: event.target.value })}
              />
            )}
          </Field>
          <Field label={`Slot ${i + 1}: to`} error={errors[`timeSlots.${i}.to`]}>
            {(fieldProps) => (
              <input {...fieldProps} type="datetime-local" value={slot.to} onChange={(event) => setSlot(i, { to: event.target.value })} />
            )}
          </Field>
          <button type="button" className="button button--quiet" onClick={() => onChange(slots.filter((_, k) => k !== i))}>
            Remove slot {i + 1}
          </button>
        </div>
      ))}
      <button type="button" className="button" disabled={slots.length >= MAX_SLOTS} onClick={() => onChange([...slots, newSlot()])}>
        Add a time slot
      </button>
    </fieldset>
  );
}
