import type { ShopCoupon } from '@vitrine/sdk';
import { useCheckedForm } from '../lib/checked-form.js';
import { type CouponDraft, couponOf } from '../lib/coupon-draft.js';
import { EndsField, Field, TextField } from './field.js';
import { FormFooter } from './form-footer.js';
import { ScopeSection } from './scope-picker.js';

/**
 * A coupon's fields: the code and name, what it gives, which lines it applies to (all, chosen
 * products, chosen collections), its conditions and limits, and whether it is on. Checked here, each
 * problem by its field; the server's refusal (a code already used) above the button.
 */
export function CouponForm({
  initial,
  currency,
  submitLabel,
  save,
}: {
  initial: CouponDraft;
  currency: string;
  submitLabel: string;
  save: (coupon: ShopCoupon) => Promise<unknown>;
}) {
  const { draft, set, errors, problems, problem, busy, saved, submit } = useCheckedForm(
    initial,
    (entered: CouponDraft) => {
      const checked = couponOf(entered, currency);
      return 'errors' in checked ? checked : { value: checked.coupon };
    },
    save,
    'The coupon was not saved',
  );

  return (
    <form className="product-form" onSubmit={submit} noValidate aria-label="Coupon">
      <fieldset className="form-section">
        <legend>The coupon</legend>
        <div className="form-row">
          <Field label="Code" hint="What shoppers type; capitals do not matter." error={errors.code}>
            {(fieldProps) => (
              <input
                {...fieldProps}
                value={draft.code}
                maxLength={64}
                autoCapitalize="characters"
                onChange={(event) => set({ code: event.target.value })}
              />
            )}
          </Field>
          <TextField
            label="Name"
            hint="Shown in the shopper's cart."
            error={errors.name}
            value={draft.name}
            maxLength={200}
            onChange={(name) => set({ name })}
          />
        </div>
        <div className="form-row">
          <Field label="What it gives">
            {(fieldProps) => (
              <select {...fieldProps} value={draft.kind} onChange={(event) => set({ kind: event.target.value as CouponDraft['kind'] })}>
                <option value="PERCENT">A percentage off</option>
                <option value="AMOUNT">An amount off</option>
                <option value="FREE_SHIPPING">Free shipping</option>
                <option value="FIXED_PRICE">A fixed price per item</option>
              </select>
            )}
          </Field>
          {draft.kind !== 'FREE_SHIPPING' ? (
            <Field
              label={
                draft.kind === 'PERCENT'
                  ? 'Percentage off'
                  : draft.kind === 'AMOUNT'
                    ? `Amount off (${currency})`
                    : `Price per item (${currency})`
              }
              error={errors.value}
            >
              {(fieldProps) => (
                <input {...fieldProps} inputMode="decimal" value={draft.value} onChange={(event) => set({ value: event.target.value })} />
              )}
            </Field>
          ) : null}
          <label className="check">
            <input type="checkbox" checked={draft.active} onChange={(event) => set({ active: event.target.checked })} /> On (shoppers can
            use it)
          </label>
        </div>
      </fieldset>
      <ScopeSection legend="Applies to" draft={draft} error={errors.scopeIds} set={set} />
      <fieldset className="form-section">
        <legend>Conditions and limits</legend>
        <div className="form-row">
          <Field label={`Minimum subtotal (${currency})`} hint="Of the lines it applies to; empty: none." error={errors.minimumSubtotal}>
            {(fieldProps) => (
              <input
                {...fieldProps}
                inputMode="decimal"
                value={draft.minimumSubtotal}
                onChange={(event) => set({ minimumSubtotal: event.target.value })}
              />
            )}
          </Field>
          <Field label="Starts" hint="Empty: at once." error={errors.startsAt}>
            {(fieldProps) => (
              <input
                {...fieldProps}
                type="datetime-local"
                value={draft.startsAt}
                onChange={(event) => set({ startsAt: event.target.value })}
              />
            )}
          </Field>
          <EndsField value={draft.expiresAt} onChange={(expiresAt) => set({ expiresAt })} error={errors.expiresAt} />
        </div>
        <div className="form-row">
          <Field label="Uses in all" hint="Orders it can be used in; empty: no limit." error={errors.usageLimit}>
            {(fieldProps) => (
              <input
                {...fieldProps}
                inputMode="numeric"
                value={draft.usageLimit}
                onChange={(event) => set({ usageLimit: event.target.value })}
              />
            )}
          </Field>
          <Field label="Uses per customer" hint="Empty: no limit." error={errors.limitPerCustomer}>
            {(fieldProps) => (
              <input
                {...fieldProps}
                inputMode="numeric"
                value={draft.limitPerCustomer}
                onChange={(event) => set({ limitPerCustomer: event.target.value })}
              />
            )}
          </Field>
        </div>
      </fieldset>
      <FormFooter problems={problems} problem={problem} saved={saved} busy={busy} submitLabel={submitLabel} />
    </form>
  );
}
