import type { MembershipPlan } from '@vitrine/sdk';
import { useCheckedForm } from '../lib/checked-form.js';
import { grantDraftOf, grantOf } from '../lib/membership-draft.js';
import { useMembershipChange } from '../lib/memberships-admin.js';
import { EndsField, Field } from './field.js';
import { FormFooter } from './form-footer.js';

/**
 * Grants a plan to a member: on a plan's page the plan is given and the member's e-mail typed; on a
 * member's memberships the e-mail is given and the plan chosen. Optional expiry (empty: never) and
 * credits (empty: the plan's; or unlimited, whatever the plan's). An e-mail no member has is the server's refusal, shown above the
 * button; after a grant the form empties for the next one.
 */
export function GrantForm({ planId, memberEmail, plans = [] }: { planId?: string; memberEmail?: string; plans?: MembershipPlan[] }) {
  const change = useMembershipChange();
  const empty = grantDraftOf(planId, memberEmail);
  const form = useCheckedForm(
    empty,
    (entered: typeof empty) => grantOf(entered),
    async (grant) => {
      await change.mutateAsync({ kind: 'grant', grant });
      form.set(empty);
    },
    'The membership was not granted',
  );
  const { draft, set, errors, problems, problem, busy, saved, submit } = form;
  return (
    <form
      className="form-section"
      onSubmit={submit}
      noValidate
      aria-label={memberEmail ? `Grant a plan to ${memberEmail}` : 'Grant the plan'}
    >
      <h3>{memberEmail ? 'Grant a plan' : 'Grant it to a member'}</h3>
      <div className="form-row">
        {planId ? null : (
          <Field label="Plan" error={errors.planId}>
            {(fieldProps) => (
              <select {...fieldProps} value={draft.planId} onChange={(event) => set({ planId: event.target.value })}>
                <option value="">Choose a plan…</option>
                {plans.map((plan) => (
                  <option key={plan._id} value={plan._id}>
                    {plan.name}
                    {plan.active ? '' : ' (off)'}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {memberEmail ? null : (
          <Field label="Member’s e-mail" error={errors.memberEmail}>
            {(fieldProps) => (
              <input
                {...fieldProps}
                type="email"
                autoComplete="off"
                maxLength={254}
                value={draft.memberEmail}
                onChange={(event) => set({ memberEmail: event.target.value })}
              />
            )}
          </Field>
        )}
        <EndsField value={draft.expiresAt} onChange={(expiresAt) => set({ expiresAt })} error={errors.expiresAt} />
        <Field label="Credits" hint="Empty: the plan’s." error={errors.credits}>
          {(fieldProps) => (
            <input
              {...fieldProps}
              inputMode="numeric"
              value={draft.unlimited ? '' : draft.credits}
              disabled={draft.unlimited}
              onChange={(event) => set({ credits: event.target.value })}
            />
          )}
        </Field>
        <label className="check">
          <input type="checkbox" checked={draft.unlimited} onChange={(event) => set({ unlimited: event.target.checked })} /> Unlimited
          credits
        </label>
      </div>
      <FormFooter problems={problems} problem={problem} saved={saved} savedText="Granted." busy={busy} submitLabel="Grant" />
    </form>
  );
}
