import type { MerchantRole } from '@vitrine/sdk';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { digest } from '../../platform/secrets.js';
import type { MemberDirectory } from '../oauth/service.js';
import { claimIdentityToken, findActiveMerchantRole, findIdentityStatus } from './store.js';

/** What OAuth asks of identity: is a member (or merchant) active, and is a session token theirs. */
export class IdentityDirectory implements MemberDirectory {
  constructor(private readonly db: Kysely<Database>) {}

  async isActiveMember(memberId: string): Promise<boolean> {
    return (await this.activeRole(memberId)) !== null;
  }

  async isActiveMerchant(identityId: string): Promise<boolean> {
    return (await this.activeRole(identityId)) === 'merchant';
  }

  async merchantRoleOf(identityId: string): Promise<MerchantRole | null> {
    if (!/^[0-9a-f-]{36}$/i.test(identityId)) return null;
    return (await findActiveMerchantRole(this.db, identityId)) ?? null;
  }

  /** The role of an active identity; null when there is none with this id or it is not active. */
  private async activeRole(id: string): Promise<'member' | 'merchant' | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const found = await findIdentityStatus(this.db, id);
    return found?.status === 'ACTIVE' ? found.role : null;
  }

  async redeemSessionToken(token: string, memberId: string, clientId: string | null): Promise<boolean> {
    const row = await claimIdentityToken(this.db, digest(token), 'session');
    if (!row || row.identity_id !== memberId || row.expires_at.getTime() < Date.now()) return false;
    return clientId === null || row.client_id === null || row.client_id === clientId;
  }

  async redeemSession(token: string, clientId: string): Promise<{ memberId: string; visitorId: string | null } | null> {
    const row = await claimIdentityToken(this.db, digest(token), 'session');
    if (!row || row.expires_at.getTime() < Date.now()) return null;
    if (row.client_id !== null && row.client_id !== clientId) return null;
    if (!(await this.isActiveMember(row.identity_id))) return null;
    return { memberId: row.identity_id, visitorId: row.visitor_id };
  }
}
