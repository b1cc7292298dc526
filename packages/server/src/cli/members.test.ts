import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';
import { openDatabase } from '../platform/db/database.js';

describe('vitrine members approve', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  beforeAll(async () => {
    data = await tempDataDir();
    await vitrine(['migrate'], data.env);
  });
  afterAll(() => data.remove());

  /** Runs `work` on the data directory while no command holds it. */
  async function onDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
    const handle = await openDatabase({ kind: 'pglite', dataDir: data.dir });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  }

  /** A member as registration leaves it under APPROVE_MEMBERS_MANUALLY=true (e-mail already verified). */
  function insertMemberAwaitingApproval(email: string) {
    return onDatabase((db) =>
      db
        .insertInto('identities')
        .values({ email, status: 'PENDING', status_reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'], email_verified: true, profile: '{}' })
        .execute(),
    );
  }

  it('activates a member waiting for owner approval', async () => {
    await insertMemberAwaitingApproval('pat@example.com');
    const result = await vitrine(['members', 'approve', 'pat@example.com'], data.env);
    expect(result).toMatchObject({ code: 0, out: 'member pat@example.com approved: status ACTIVE' });
    const row = await onDatabase((db) =>
      db.selectFrom('identities').select(['status', 'status_reasons']).where('email', '=', 'pat@example.com').executeTakeFirstOrThrow(),
    );
    expect(row).toEqual({ status: 'ACTIVE', status_reasons: [] });
  });

  it('fails with exit 1 for an e-mail no member has', async () => {
    const result = await vitrine(['members', 'approve', 'nobody@example.com'], data.env);
    expect(result).toMatchObject({ code: 1, err: 'vitrine: no member has the e-mail nobody@example.com' });
  });
});
