import type { ReactNode } from 'react';
import { useCurrentMerchant } from '../lib/staff-admin.js';
import { LoadFailed } from './load-failed.js';

/**
 * A page only the shop's owner uses (staff, API keys, webhooks): staff get a sentence instead (the
 * server refuses them these calls anyway, with 403).
 */
export function OwnerOnly({ what, children }: { what: string; children: ReactNode }) {
  const me = useCurrentMerchant();
  if (me.isPending) return <p role="status">Loading…</p>;
  if (me.isError) return <LoadFailed what="Your account" error={me.error} retry={me.refetch} />;
  if (me.data.role !== 'owner') {
    return (
      <section>
        <h1>{what}</h1>
        <p>Only the shop’s owner manages {what.toLowerCase()}.</p>
      </section>
    );
  }
  return children;
}
