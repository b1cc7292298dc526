import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';
import { insertActiveMember } from '../../test/support/members.js';
import { openDatabase } from '../platform/db/database.js';

describe('vitrine memberships', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  let memberId: string;
  beforeAll(async () => {
    data = await tempDataDir();
    await vitrine(['migrate'], data.env);
    // No command creates members: one written straight to the (closed) data directory.
    const database = await openDatabase({ kind: 'pglite', dataDir: data.dir });
    memberId = await insertActiveMember(database.db, 'ada@example.com');
    await database.close();
  });
  afterAll(() => data?.remove());

  const run = (...argv: string[]) => vitrine(['memberships', ...argv], data.env);

  it('memberships add-plan prints the plan', async () => {
    const result = await run('add-plan', '--name', 'Coffee club', '--credits', '10');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^plan 'Coffee club' created \(id [0-9a-f-]{36}\): 10 credits$/);
  });

  it('memberships grant gives a plan (by name) to a member (by e-mail), and list shows it', async () => {
    await run('add-plan', '--name', 'Gold');
    const result = await run('grant', '--plan', 'Gold', '--member', 'ADA@example.com', '--expires', '2099-01-01T00:00:00Z');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^membership [0-9a-f-]{36} granted: Gold, unlimited, until 2099-01-01T00:00:00.000Z, valid$/);
    const expired = await run('grant', '--plan', 'Coffee club', '--member', memberId, '--expires', '2020-01-01T00:00:00Z');
    expect(expired.out).toContain('Coffee club, 10 credits left, until 2020-01-01T00:00:00.000Z, not usable: The membership has expired');
    const listed = await run('list', '--member', 'ada@example.com');
    expect(listed.out.split('\n')).toEqual([
      expect.stringMatching(/^Gold +Gold, unlimited/),
      expect.stringMatching(/^Coffee club +Coffee club, 10 credits/),
    ]);
    const plans = await run('list');
    expect(plans.out).toMatch(/^Coffee club +10 credits +[0-9a-f-]{36}\nGold +unlimited +[0-9a-f-]{36}$/);
  });

  it.each([
    [['add-plan', '--name', 'X', '--credits', '0'], "memberships add-plan: --credits '0' must be a whole number from 1"],
    [['add-plan', '--name', 'X', '--collections', '00000000-0000-4000-8000-000000000000'], 'is not an existing collection'],
    [
      ['grant', '--plan', 'Gold', '--member', 'ada@example.com', '--expires', 'never'],
      "memberships grant: --expires 'never' must be an ISO 8601 date-time",
    ],
    [['grant', '--plan', 'Gold'], 'memberships grant: missing --member'],
  ])('%j exits 2 naming the flag', async (args, message) => {
    const result = await run(...args);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toContain(message);
  });

  it('memberships grant fails for an unknown plan or member (exit 1)', async () => {
    const noPlan = await run('grant', '--plan', 'Platinum', '--member', memberId);
    expect([noPlan.code, noPlan.err]).toEqual([1, "vitrine: No membership plan has this id or name ('Platinum')"]);
    const noMember = await run('grant', '--plan', 'Gold', '--member', 'bob@example.com');
    expect([noMember.code, noMember.err]).toEqual([1, "vitrine: No member has this id or e-mail ('bob@example.com')"]);
  });
});
