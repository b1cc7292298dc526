import type { GrantedMembership } from '@vitrine/sdk';
import { useState } from 'react';
import { Link } from 'react-router';
import { dateTime, errorText } from '../lib/format.js';
import { creditsText, membershipState } from '../lib/membership-draft.js';
import { useMembershipChange, useMembershipList } from '../lib/memberships-admin.js';
import { LoadFailed } from './load-failed.js';
import { Pager } from './pager.js';
import { Problem } from './problem.js';
import { TableHead } from './table-head.js';

const PAGE_SIZE = 50;

/** Whether the server refused the list because no member has the e-mail (an answer, not a failure). */
const noSuchMember = (error: unknown) =>
  (error as { details?: { applicationError?: { code?: string } } }).details?.applicationError?.code === 'MEMBER_NOT_FOUND';

/**
 * The memberships of a plan (each with its member's e-mail) or of a member (each with its plan), a
 * page at a time: when each ends, the credits left, whether it can pay now (or the server's reason
 * why not), and a revoke after a confirmation.
 */
export function MembershipTable({ of }: { of: { planId: string } | { memberEmail: string } }) {
  const [page, setPage] = useState(1);
  const list = useMembershipList({ ...of, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const change = useMembershipChange();
  const [problem, setProblem] = useState('');
  const byPlan = 'planId' in of;

  const revoke = (membership: GrantedMembership) => {
    const whose = byPlan ? `${membership.planName} of ${membership.memberEmail}` : `the ${membership.planName} membership`;
    if (!window.confirm(`Revoke ${whose}? It stops paying for anything at once.`)) return;
    setProblem('');
    change.mutate({ kind: 'revoke', id: membership._id as string }, { onError: (err) => setProblem(`Not revoked: ${errorText(err)}`) });
  };

  if (list.isPending) return <p role="status">Loading the memberships…</p>;
  if (list.isError) {
    if (!byPlan && noSuchMember(list.error)) return <p className="empty">No member has the e-mail {of.memberEmail}.</p>;
    return <LoadFailed what="The memberships" error={list.error} retry={list.refetch} />;
  }
  const items = list.data.memberships ?? [];
  const total = list.data.pagingMetadata?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (!items.length) return <p className="empty">{byPlan ? 'Nobody holds this plan yet.' : 'This member holds no membership.'}</p>;
  return (
    <>
      <Problem text={problem} />
      <table className="table table--stacked">
        <TableHead columns={[byPlan ? 'Member' : 'Plan', 'Ends', { title: 'Credits left', numeric: true }, 'State']} />
        <tbody>
          {items.map((item) => {
            const who = byPlan ? item.memberEmail : item.planName;
            return (
              <tr key={item._id} data-testid="membership-row">
                <th scope="row">{byPlan ? who : <Link to={`/memberships/${encodeURIComponent(item.planId ?? '')}`}>{who}</Link>}</th>
                <td data-label="Ends">{item.expiresAt ? dateTime(item.expiresAt) : 'Never'}</td>
                <td className="num" data-label="Credits left">
                  {creditsText(item.creditsRemaining, item.creditsTotal)}
                </td>
                <td data-label="State">{membershipState(item)}</td>
                <td className="num row-actions">
                  <button type="button" className="button button--quiet" disabled={change.isPending} onClick={() => revoke(item)}>
                    Revoke {who}…
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {pages > 1 ? (
        <Pager page={page} pages={pages} total={total} noun={['membership', 'memberships']} label="Pages of memberships" goTo={setPage} />
      ) : null}
    </>
  );
}
