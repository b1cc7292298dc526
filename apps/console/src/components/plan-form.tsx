import type { MembershipPlan } from '@vitrine/sdk';
import { useCheckedForm } from '../lib/checked-form.js';
import { type PlanDraft, planOf } from '../lib/membership-draft.js';
import { Field, TextField } from './field.js';
import { FormFooter } from './form-footer.js';
import { ScopeSection } from './scope-picker.js';

/**
 * A membership plan's fields: its name, the credits a membership of it pays for, whether it is on,
 * and which lines it pays for (the coupons' section). Checked here, each problem by its field; the
 * server's refusal above the button.
 */
export function PlanForm({
  initial,
  submitLabel,
  save,
}: {
  initial: PlanDraft;
  submitLabel: string;
  save: (plan: MembershipPlan) => Promise<unknown>;
}) {
  const { draft, set, errors, problems, problem, busy, saved, submit } = useCheckedForm(initial, planOf, save, 'The plan was not saved');
  return (
    <form className="product-form" onSubmit={submit} noValidate aria-label="Membership plan">
      <fieldset className="form-section">
        <legend>The plan</legend>
        <div className="form-row">
          <TextField
            label="Name"
            hint="Buyers see it in their cart."
            error={errors.name}
            value={draft.name}
            maxLength={200}
            onChange={(name) => set({ name })}
          />
          <Field label="Credits" hint="Items a membership pays for in all; empty: unlimited." error={errors.credits}>
            {(fieldProps) => (
              <input {...fieldProps} inputMode="numeric" value={draft.credits} onChange={(event) => set({ credits: event.target.value })} />
            )}
          </Field>
          <label className="check">
            <input type="checkbox" checked={draft.active} onChange={(event) => set({ active: event.target.checked })} /> On (its memberships
            can pay)
          </label>
        </div>
      </fieldset>
      <ScopeSection legend="Pays for" draft={draft} error={errors.scopeIds} set={set} />
      <FormFooter problems={problems} problem={problem} saved={saved} busy={busy} submitLabel={submitLabel} />
    </form>
  );
}
