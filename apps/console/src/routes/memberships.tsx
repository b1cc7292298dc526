import { useId, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { GrantForm } from '../components/grant-form.js';
import { LoadFailed } from '../components/load-failed.js';
import { MembershipTable } from '../components/membership-table.js';
import { PlanForm } from '../components/plan-form.js';
import { Problem } from '../components/problem.js';
import { errorText } from '../lib/format.js';
import { creditsText, planDraftOf, scopeText } from '../lib/membership-draft.js';
import { useMembershipChange, usePlan, usePlanList } from '../lib/memberships-admin.js';

/** The membership plans, and a member's memberships found by e-mail (`?member=`, so the view can be linked and gone back to). */
export function MembershipsPage() {
  const id = useId();
  const plans = usePlanList();
  const [params, setParams] = useSearchParams();
  const member = params.get('member') ?? '';
  const [typed, setTyped] = useState(member);
  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="page-heading">
        <h1 id={`${id}-title`}>Memberships</h1>
        <Link to="/memberships/new" className="button button--primary">
          New plan
        </Link>
      </div>
      {plans.isPending ? (
        <p role="status">Loading the plans…</p>
      ) : plans.isError ? (
        <LoadFailed what="The plans" error={plans.error} retry={plans.refetch} />
      ) : !plans.data.length ? (
        <p className="empty">No plans yet.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">Pays for</th>
              <th scope="col" className="num">
                Credits
              </th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {plans.data.map((plan) => (
              <tr key={plan._id} data-testid="plan-row">
                <th scope="row">
                  <Link to={`/memberships/${encodeURIComponent(plan._id ?? '')}`}>{plan.name}</Link>
                </th>
                <td>{scopeText(plan)}</td>
                <td className="num">{creditsText(plan.credits)}</td>
                <td>{plan.active ? 'On' : 'Off'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section className="form-section" aria-labelledby={`${id}-member`}>
        <h2 id={`${id}-member`}>A member’s memberships</h2>
        <search>
          <form
            className="toolbar__search"
            onSubmit={(event) => {
              event.preventDefault();
              setParams(typed.trim() ? { member: typed.trim() } : {});
            }}
          >
            <label htmlFor={`${id}-email`}>Member’s e-mail</label>
            <input id={`${id}-email`} type="search" maxLength={254} value={typed} onChange={(event) => setTyped(event.target.value)} />
            <button type="submit" className="button">
              Show
            </button>
          </form>
        </search>
        {member ? (
          <>
            <MembershipTable key={member} of={{ memberEmail: member }} />
            {plans.data?.length ? <GrantForm key={member} memberEmail={member} plans={plans.data} /> : null}
          </>
        ) : null}
      </section>
    </section>
  );
}

export function NewPlanPage() {
  const navigate = useNavigate();
  const change = useMembershipChange();
  return (
    <section>
      <p>
        <Link to="/memberships">← All memberships</Link>
      </p>
      <h1>New membership plan</h1>
      <PlanForm
        initial={planDraftOf()}
        submitLabel="Create the plan"
        save={async (plan) => {
          const made = await change.mutateAsync({ kind: 'create-plan', plan });
          navigate(`/memberships/${encodeURIComponent(made?._id ?? '')}`, { replace: true });
        }}
      />
    </section>
  );
}

/** A plan: its fields, who holds it, a grant to one more member, and its deletion. */
export function EditPlanPage() {
  const { planId = '' } = useParams();
  const id = useId();
  const navigate = useNavigate();
  const plan = usePlan(planId);
  const change = useMembershipChange();
  const [problem, setProblem] = useState('');
  const back = (
    <p>
      <Link to="/memberships">← All memberships</Link>
    </p>
  );
  if (plan.isPending)
    return (
      <section>
        <p role="status">Loading the plan…</p>
      </section>
    );
  if (plan.isError)
    return (
      <section>
        {back}
        <LoadFailed what="The plan" error={plan.error} retry={plan.refetch} />
      </section>
    );
  const remove = () => {
    if (!window.confirm(`Delete the plan ${plan.data.name}? Every membership of it is revoked.`)) return;
    setProblem('');
    change.mutate(
      { kind: 'delete-plan', id: planId },
      { onSuccess: () => navigate('/memberships', { replace: true }), onError: (err) => setProblem(`Not deleted: ${errorText(err)}`) },
    );
  };
  return (
    <section>
      {back}
      <h1>Plan {plan.data.name}</h1>
      <PlanForm
        key={plan.data._id}
        initial={planDraftOf(plan.data)}
        submitLabel="Save changes"
        save={(edited) => change.mutateAsync({ kind: 'update-plan', id: planId, plan: edited })}
      />
      <section className="form-section" aria-labelledby={`${id}-held`}>
        <h2 id={`${id}-held`}>Members holding it</h2>
        <MembershipTable of={{ planId }} />
        <GrantForm planId={planId} />
      </section>
      <section className="form-section danger-zone" aria-label="Delete the plan">
        <Problem text={problem} />
        <button type="button" className="button button--danger" disabled={change.isPending} onClick={remove}>
          Delete this plan…
        </button>
      </section>
    </section>
  );
}
