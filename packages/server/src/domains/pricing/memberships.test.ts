import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollection } from '../../../test/support/catalog-fixtures.js';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { insertActiveMember } from '../../../test/support/members.js';
import { merchantCall, violationRules } from '../../../test/support/merchant-api.js';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const PLANS = '/_api/vitrine/v1/membership-plans';
const MEMBERSHIPS = '/_api/vitrine/v1/memberships';

const api = (method: string, path: string, body?: unknown) => merchantCall(server, method, path, body);

const violations = violationRules;

async function plan(fields: Record<string, unknown> = {}) {
  const a = await api('POST', PLANS, { name: 'Gold', ...fields });
  expect(a.status, a.text).toBe(200);
  return a.body.plan;
}

describe('membership plans', () => {
  it('creates, gets, lists, updates and deletes a plan', async () => {
    const collection = await insertCollection(server.database.db, { name: 'Coffee' });
    const p = await plan({ name: 'Coffee club', scope: 'COLLECTIONS', scopeIds: [collection.id], credits: 10 });
    expect(p).toEqual({
      id: expect.any(String),
      name: 'Coffee club',
      scope: 'COLLECTIONS',
      scopeIds: [collection.id],
      credits: 10,
      active: true,
      createdDate: expect.any(String),
    });
    expect((await api('GET', `${PLANS}/${p.id}`)).body.plan).toEqual(p);
    expect((await api('GET', PLANS)).body.plans.map((x: { id: string }) => x.id)).toContain(p.id);
    const u = await api('PATCH', `${PLANS}/${p.id}`, { active: false, scope: 'ALL' });
    expect(u.body.plan).toMatchObject({ active: false, scope: 'ALL', scopeIds: [] });
    expect((await api('DELETE', `${PLANS}/${p.id}`)).status).toBe(200);
    const gone = await api('GET', `${PLANS}/${p.id}`);
    expect([gone.status, gone.body.details.applicationError.code]).toEqual([404, 'MEMBERSHIP_PLAN_NOT_FOUND']);
  });

  it.each([
    [{ credits: 0 }, ['credits: MIN']],
    [{ scope: 'PRODUCTS' }, ['scopeIds: MIN_SIZE']],
    [{ scope: 'PRODUCTS', scopeIds: ['00000000-0000-4000-8000-000000000000'] }, ['scopeIds[0]: VALIDATION']],
    [{ scopeIds: ['00000000-0000-4000-8000-000000000000'] }, ['scopeIds: VALIDATION']],
    [{ name: '   ' }, ['name: MIN_LENGTH']],
  ])('refuses the plan %j', async (fields, expected) => {
    expect(violations(await api('POST', PLANS, { name: 'Bad', ...fields }))).toEqual(expected);
  });
});

describe('memberships', () => {
  it("grants a plan to a member with the plan's credits, lists and revokes it", async () => {
    const memberId = await insertActiveMember(server.database.db, uniqueEmail());
    const p = await plan({ credits: 5 });
    const g = await api('POST', MEMBERSHIPS, { planId: p.id, memberId, expiresAt: '2099-01-01T00:00:00Z' });
    expect(g.status, g.text).toBe(200);
    expect(g.body.membership).toEqual({
      id: expect.any(String),
      planId: p.id,
      planName: 'Gold',
      memberId,
      scope: 'ALL',
      scopeIds: [],
      expiresAt: '2099-01-01T00:00:00.000Z',
      creditsRemaining: 5,
      creditsTotal: 5,
      createdDate: expect.any(String),
      valid: true,
      invalidReason: null,
    });
    expect((await api('GET', `${MEMBERSHIPS}?memberId=${memberId}`)).body.memberships).toEqual([g.body.membership]);
    expect((await api('GET', `${MEMBERSHIPS}/${g.body.membership.id}`)).body.membership).toEqual(g.body.membership);
    expect((await api('DELETE', `${MEMBERSHIPS}/${g.body.membership.id}`)).status).toBe(200);
    expect((await api('GET', `${MEMBERSHIPS}?memberId=${memberId}`)).body.memberships).toEqual([]);
    const again = await api('DELETE', `${MEMBERSHIPS}/${g.body.membership.id}`);
    expect([again.status, again.body.details.applicationError.code]).toEqual([404, 'MEMBERSHIP_NOT_FOUND']);
  });

  it('lists expired and used-up memberships with why they cannot pay', async () => {
    const memberId = await insertActiveMember(server.database.db, uniqueEmail());
    const p = await plan({ credits: 3 });
    await api('POST', MEMBERSHIPS, { planId: p.id, memberId, expiresAt: '2020-01-01T00:00:00Z' });
    await api('POST', MEMBERSHIPS, { planId: p.id, memberId, credits: 0 });
    const listed = (await api('GET', `${MEMBERSHIPS}?memberId=${memberId}`)).body.memberships;
    expect(listed.map((m: { valid: boolean; invalidReason: string }) => [m.valid, m.invalidReason])).toEqual([
      [false, 'The membership has expired'],
      [false, 'The membership has no credits left'],
    ]);
  });

  it('answers 404 for an unknown plan or member', async () => {
    const memberId = await insertActiveMember(server.database.db, uniqueEmail());
    const p = await plan();
    const noPlan = await api('POST', MEMBERSHIPS, { planId: crypto.randomUUID(), memberId });
    expect([noPlan.status, noPlan.body.details.applicationError.code]).toEqual([404, 'MEMBERSHIP_PLAN_NOT_FOUND']);
    const noMember = await api('POST', MEMBERSHIPS, { planId: p.id, memberId: crypto.randomUUID() });
    expect([noMember.status, noMember.body.details.applicationError.code]).toEqual([404, 'MEMBER_NOT_FOUND']);
  });

  it('refuses a grant without ids or with a bad expiry, and a list without a member', async () => {
    expect(violations(await api('POST', MEMBERSHIPS, { planId: 'x', expiresAt: 'soon' }))).toEqual([
      'planId: FORMAT',
      'memberId: REQUIRED_FIELD',
      'expiresAt: FORMAT',
    ]);
    expect(violations(await api('GET', MEMBERSHIPS))).toEqual(['memberId: REQUIRED_FIELD']);
  });
});
