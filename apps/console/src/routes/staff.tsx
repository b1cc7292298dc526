import { type Merchant, MerchantRole } from '@vitrine/sdk';
import { type FormEvent, useId, useState } from 'react';
import { Field } from '../components/field.js';
import { LoadFailed } from '../components/load-failed.js';
import { TableHead } from '../components/table-head.js';
import { dateTime, errorText } from '../lib/format.js';
import { useCurrentMerchant, useMerchantList, useStaffChange } from '../lib/staff-admin.js';

const ROLE_NAMES: Record<MerchantRole, string> = { owner: 'Owner', staff: 'Staff' };

/** The owner's staff page: invite a merchant by e-mail, see the merchants and pending invites, remove them. */
export function StaffPage() {
  const id = useId();
  const list = useMerchantList();
  const me = useCurrentMerchant();
  const change = useStaffChange();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MerchantRole>(MerchantRole.STAFF);
  const [problem, setProblem] = useState('');
  const [inviteNote, setInviteNote] = useState('');

  function invite(event: FormEvent) {
    event.preventDefault();
    setProblem('');
    setInviteNote('');
    if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
      setProblem('Type the e-mail address of the person to invite.');
      return;
    }
    change.mutate(
      { kind: 'invite', email: email.trim(), role },
      {
        onSuccess: (merchant) => {
          // an account that already has a password gets the role at once, and no link
          setInviteNote(
            merchant?.pending
              ? `Invited ${merchant.email}: the mail’s link lets them choose a password (it works once, for 7 days).`
              : `${merchant?.email} already had an account: they are a merchant now and sign in with their password.`,
          );
          setEmail('');
        },
        onError: (err) => setProblem(`Not invited: ${errorText(err)}`),
      },
    );
  }
  function remove(merchant: Merchant) {
    const what = merchant.pending
      ? `Revoke the invite of ${merchant.email}? The link in their mail stops working.`
      : `Remove ${merchant.email}? They are signed out at once.`;
    if (!window.confirm(what)) return;
    setProblem('');
    change.mutate({ kind: 'remove', id: merchant._id as string }, { onError: (err) => setProblem(`Not removed: ${errorText(err)}`) });
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="page-heading">
        <h1 id={`${id}-title`}>Staff</h1>
      </div>
      <p className="muted">
        Staff run orders, the catalogue, pricing and e-mails. Only owners manage staff, API keys, webhooks and payments.
      </p>
      <form className="form-row form-section" onSubmit={invite} aria-label="Invite a merchant" noValidate>
        <Field label="E-mail" error={problem || undefined}>
          {(fieldProps) => (
            <input {...fieldProps} type="email" maxLength={254} value={email} onChange={(event) => setEmail(event.target.value)} />
          )}
        </Field>
        <Field label="Role">
          {(fieldProps) => (
            <select {...fieldProps} value={role} onChange={(event) => setRole(event.target.value as MerchantRole)}>
              <option value={MerchantRole.STAFF}>Staff</option>
              <option value={MerchantRole.OWNER}>Owner</option>
            </select>
          )}
        </Field>
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          Invite
        </button>
      </form>
      {inviteNote ? (
        <p role="status" className="form-section">
          {inviteNote}
        </p>
      ) : null}
      {list.isPending ? (
        <p role="status">Loading the staff…</p>
      ) : list.isError ? (
        <LoadFailed what="The staff" error={list.error} retry={list.refetch} />
      ) : (
        <div className="table-scroll staff-table">
          <table className="table" aria-label="Merchants and invites">
            <TableHead columns={['E-mail', 'Role', 'State']} />
            <tbody>
              {list.data.map((merchant) => (
                <tr key={merchant._id} data-testid="merchant-row">
                  <th scope="row">{merchant.email}</th>
                  <td>{ROLE_NAMES[merchant.role ?? MerchantRole.STAFF]}</td>
                  <td>{merchant.pending ? `Invited ${dateTime(merchant._createdDate)}` : `Since ${dateTime(merchant._createdDate)}`}</td>
                  <td className="num">
                    {merchant._id === me.data?._id ? (
                      <span className="muted">You</span>
                    ) : (
                      <button
                        type="button"
                        className="button button--danger"
                        disabled={change.isPending}
                        aria-label={merchant.pending ? `Revoke the invite of ${merchant.email}` : `Remove ${merchant.email}`}
                        onClick={() => remove(merchant)}
                      >
                        {merchant.pending ? 'Revoke the invite…' : 'Remove…'}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
