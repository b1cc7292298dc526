import { ApiKeyStrategy, createClient, OAuthStrategy } from '@vitrine/sdk';
import { memberships } from '@vitrine/sdk/ecom';
import { describe, expect, it } from 'vitest';
import { insertCollection } from '../../../test/support/catalog-fixtures.js';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { insertActiveMember } from '../../../test/support/members.js';
import { merchantCall, violationRules } from '../../../test/support/merchant-api.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

const server = testServerForFile();

const PLANS = '/_api/vitrine/v1/membership-plans';
const MEMBERSHIPS = '/_api/vitrine/v1/memberships';

const api = (method: string, path: string, body?: unknown) => merchantCall(server, method, path, body);

const violations = violationRules;

async function plan(fields: Record<string, unknown> = {}) {
  const answer = await api('POST', PLANS, { name: 'Gold', ...fields });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.plan;
}

describe('membership plans', () => {
  it('creates, gets, lists, updates and deletes a plan', async () => {
    const collection = await insertCollection(server.database.db, { name: 'Coffee' });
    const created = await plan({ name: 'Coffee club', scope: 'COLLECTIONS', scopeIds: [collection.id], credits: 10 });
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Coffee club',
      scope: 'COLLECTIONS',
      scopeIds: [collection.id],
      credits: 10,
      active: true,
      createdDate: expect.any(String),
    });
    expect((await api('GET', `${PLANS}/${created.id}`)).body.plan).toEqual(created);
    expect((await api('GET', PLANS)).body.plans.map((plan: { id: string }) => plan.id)).toContain(created.id);
    const answer = await api('PATCH', `${PLANS}/${created.id}`, { active: false, scope: 'ALL' });
    expect(answer.body.plan).toMatchObject({ active: false, scope: 'ALL', scopeIds: [] });
    expect((await api('DELETE', `${PLANS}/${created.id}`)).status).toBe(200);
    const gone = await api('GET', `${PLANS}/${created.id}`);
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
    const email = uniqueEmail();
    const memberId = await insertActiveMember(server.database.db, email);
    const created = await plan({ credits: 5 });
    const answer = await api('POST', MEMBERSHIPS, { planId: created.id, memberId, expiresAt: '2099-01-01T00:00:00Z' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.membership).toEqual({
      id: expect.any(String),
      planId: created.id,
      planName: 'Gold',
      memberId,
      memberEmail: email,
      scope: 'ALL',
      scopeIds: [],
      expiresAt: '2099-01-01T00:00:00.000Z',
      creditsRemaining: 5,
      creditsTotal: 5,
      createdDate: expect.any(String),
      valid: true,
      invalidReason: null,
    });
    expect((await api('GET', `${MEMBERSHIPS}?memberId=${memberId}`)).body.memberships).toEqual([answer.body.membership]);
    expect((await api('GET', `${MEMBERSHIPS}/${answer.body.membership.id}`)).body.membership).toEqual(answer.body.membership);
    expect((await api('DELETE', `${MEMBERSHIPS}/${answer.body.membership.id}`)).status).toBe(200);
    expect((await api('GET', `${MEMBERSHIPS}?memberId=${memberId}`)).body.memberships).toEqual([]);
    const again = await api('DELETE', `${MEMBERSHIPS}/${answer.body.membership.id}`);
    expect([again.status, again.body.details.applicationError.code]).toEqual([404, 'MEMBERSHIP_NOT_FOUND']);
  });

  it('lists expired and used-up memberships with why they cannot pay', async () => {
    const memberId = await insertActiveMember(server.database.db, uniqueEmail());
    const created = await plan({ credits: 3 });
    await api('POST', MEMBERSHIPS, { planId: created.id, memberId, expiresAt: '2020-01-01T00:00:00Z' });
    await api('POST', MEMBERSHIPS, { planId: created.id, memberId, credits: 0 });
    const listed = (await api('GET', `${MEMBERSHIPS}?memberId=${memberId}`)).body.memberships;
    expect(listed.map((membership: { valid: boolean; invalidReason: string }) => [membership.valid, membership.invalidReason])).toEqual([
      [false, 'The membership has expired'],
      [false, 'The membership has no credits left'],
    ]);
  });

  it('answers 404 for an unknown plan or member', async () => {
    const memberId = await insertActiveMember(server.database.db, uniqueEmail());
    const created = await plan();
    const noPlan = await api('POST', MEMBERSHIPS, { planId: crypto.randomUUID(), memberId });
    expect([noPlan.status, noPlan.body.details.applicationError.code]).toEqual([404, 'MEMBERSHIP_PLAN_NOT_FOUND']);
    const noMember = await api('POST', MEMBERSHIPS, { planId: created.id, memberId: crypto.randomUUID() });
    expect([noMember.status, noMember.body.details.applicationError.code]).toEqual([404, 'MEMBER_NOT_FOUND']);
  });

  it('refuses a grant without ids or with a bad expiry, and a list without a member', async () => {
    expect(violations(await api('POST', MEMBERSHIPS, { planId: 'x', expiresAt: 'soon' }))).toEqual([
      'planId: FORMAT',
      'expiresAt: FORMAT',
      'memberId: REQUIRED_FIELD',
    ]);
    expect(violations(await api('GET', MEMBERSHIPS))).toEqual(['memberId: REQUIRED_FIELD']);
  });
});

describe('memberships by e-mail and by plan (#7)', () => {
  it('grants a plan to the member with this e-mail, whatever its case, and lists theirs by e-mail', async () => {
    const email = uniqueEmail();
    const memberId = await insertActiveMember(server.database.db, email);
    const created = await plan({ name: 'By e-mail' });
    const answer = await api('POST', MEMBERSHIPS, { planId: created.id, memberEmail: email.toUpperCase(), credits: 2 });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.membership).toMatchObject({
      memberId,
      memberEmail: email,
      planName: 'By e-mail',
      creditsRemaining: 2,
      expiresAt: null,
    });
    const listed = await api('GET', `${MEMBERSHIPS}?memberEmail=${encodeURIComponent(email)}`);
    expect(listed.body).toEqual({ memberships: [answer.body.membership], pagingMetadata: { count: 1, offset: 0, total: 1 } });
  });

  it("lists a plan's memberships with their members' e-mails, oldest first, a page at a time", async () => {
    const created = await plan({ name: 'Held by three' });
    const other = await plan({ name: 'Another' });
    const emails = [uniqueEmail(), uniqueEmail(), uniqueEmail()];
    for (const email of emails) {
      await insertActiveMember(server.database.db, email);
      expect((await api('POST', MEMBERSHIPS, { planId: created.id, memberEmail: email })).status).toBe(200);
    }
    await api('POST', MEMBERSHIPS, { planId: other.id, memberEmail: emails[0] });

    const all = await api('GET', `${MEMBERSHIPS}?planId=${created.id}`);
    expect(all.body.memberships.map((membership: { memberEmail: string }) => membership.memberEmail)).toEqual(emails);
    expect(all.body.pagingMetadata).toEqual({ count: 3, offset: 0, total: 3 });
    const second = await api('GET', `${MEMBERSHIPS}?planId=${created.id}&limit=1&offset=1`);
    expect(second.body.memberships.map((membership: { memberEmail: string }) => membership.memberEmail)).toEqual([emails[1]]);
    expect(second.body.pagingMetadata).toEqual({ count: 1, offset: 1, total: 3 });
    // a member and a plan together: that member's memberships of that plan
    const mine = await api('GET', `${MEMBERSHIPS}?planId=${other.id}&memberEmail=${encodeURIComponent(emails[0]!)}`);
    expect(mine.body.memberships.map((membership: { planName: string }) => membership.planName)).toEqual(['Another']);
  });

  it('answers MEMBER_NOT_FOUND for a member that does not exist, when granting and when listing', async () => {
    const created = await plan();
    const email = uniqueEmail();
    const grant = await api('POST', MEMBERSHIPS, { planId: created.id, memberEmail: email });
    expect([grant.status, grant.body.details.applicationError]).toEqual([
      404,
      { code: 'MEMBER_NOT_FOUND', description: 'No member has this e-mail', data: { memberEmail: email } },
    ]);
    const list = await api('GET', `${MEMBERSHIPS}?memberEmail=${encodeURIComponent(email)}`);
    expect([list.status, list.body.details.applicationError.code]).toEqual([404, 'MEMBER_NOT_FOUND']);
    const byId = await api('GET', `${MEMBERSHIPS}?memberId=${crypto.randomUUID()}`);
    expect([byId.status, byId.body.details.applicationError.code]).toEqual([404, 'MEMBER_NOT_FOUND']);
  });

  it('answers MEMBERSHIP_PLAN_NOT_FOUND for the memberships of a plan that does not exist', async () => {
    const list = await api('GET', `${MEMBERSHIPS}?planId=${crypto.randomUUID()}`);
    expect([list.status, list.body.details.applicationError.code]).toEqual([404, 'MEMBERSHIP_PLAN_NOT_FOUND']);
  });

  const someId = '00000000-0000-4000-8000-000000000000';
  it.each([
    [{ memberId: someId, memberEmail: 'ada@example.com' }, ['memberEmail: ONE_OF_ALIGNMENT']],
    [{ memberEmail: 'not an address' }, ['memberEmail: FORMAT']],
    [{}, ['memberId: REQUIRED_FIELD']],
  ])('refuses the grant of %j', async (member, expected) => {
    expect(violations(await api('POST', MEMBERSHIPS, { planId: someId, ...member }))).toEqual(expected);
  });

  it.each([
    [`memberId=${someId}&memberEmail=ada%40example.com`, ['memberEmail: ONE_OF_ALIGNMENT']],
    ['memberEmail=ada', ['memberEmail: FORMAT']],
    ['planId=gold', ['planId: FORMAT']],
    ['limit=0', ['limit: MIN', 'memberId: REQUIRED_FIELD']],
    ['member=ada%40example.com', ['member: FIELD_NOT_ALLOWED', 'memberId: REQUIRED_FIELD']],
  ])('refuses the list query %s', async (query, expected) => {
    expect(violations(await api('GET', `${MEMBERSHIPS}?${query}`))).toEqual(expected);
  });

  it('says what to give in words', async () => {
    const answer = await api('POST', MEMBERSHIPS, { planId: someId, memberId: someId, memberEmail: 'ada@example.com' });
    expect(answer.body.details.validationError.fieldViolations).toEqual([
      { field: 'memberEmail', description: 'give either memberId or memberEmail, not both', violatedRule: 'ONE_OF_ALIGNMENT' },
    ]);
    const listed = await api('GET', MEMBERSHIPS);
    expect(listed.body.details.validationError.fieldViolations).toEqual([
      { field: 'memberId', description: 'give memberId, memberEmail or planId', violatedRule: 'REQUIRED_FIELD' },
    ]);
  });
});

describe('memberships through the SDK (`memberships` in @vitrine/sdk/ecom)', () => {
  const merchant = () =>
    createClient({ host: server.url, modules: { memberships }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) }).memberships;

  it('creates, reads, lists, changes and deletes a plan', async () => {
    const made = await merchant().createMembershipPlan({ name: 'SDK club', credits: 4 });
    expect(made).toMatchObject({ name: 'SDK club', scope: 'ALL', scopeIds: [], credits: 4, active: true });
    expect(made._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(made._createdDate).toBeInstanceOf(Date);
    const id = made._id as string;
    expect(await merchant().getMembershipPlan(id)).toEqual(made);
    expect((await merchant().listMembershipPlans()).find((membershipPlan) => membershipPlan._id === id)).toEqual(made);
    expect(await merchant().updateMembershipPlan(id, { credits: null, active: false })).toMatchObject({ credits: null, active: false });
    await merchant().deleteMembershipPlan(id);
    expect(await thrown(merchant().getMembershipPlan(id))).toMatchObject({ status: 404 });
  });

  it('grants a plan by e-mail with a Date expiry, lists it by plan and by e-mail, reads and revokes it', async () => {
    const email = uniqueEmail();
    const memberId = await insertActiveMember(server.database.db, email);
    const planId = (await merchant().createMembershipPlan({ name: 'SDK grants' }))._id as string;
    const expiresAt = new Date('2031-05-01T00:00:00Z');
    const granted = await merchant().grantMembership({ planId, memberEmail: email, expiresAt, credits: 7 });
    expect(granted).toMatchObject({
      planId,
      memberId,
      memberEmail: email,
      expiresAt,
      creditsRemaining: 7,
      valid: true,
      invalidReason: null,
    });
    expect(granted._createdDate).toBeInstanceOf(Date);

    const byPlan = await merchant().listMemberships({ planId });
    expect(byPlan).toEqual({ memberships: [granted], pagingMetadata: { count: 1, offset: 0, total: 1 } });
    expect((await merchant().listMemberships({ memberEmail: email })).memberships).toEqual([granted]);
    expect(await merchant().getMembership(granted._id as string)).toEqual(granted);

    await merchant().revokeMembership(granted._id as string);
    expect((await merchant().listMemberships({ planId })).memberships).toEqual([]);
  });

  it('grants without a limit (credits null) on a plan that has one', async () => {
    const email = uniqueEmail();
    await insertActiveMember(server.database.db, email);
    const planId = (await merchant().createMembershipPlan({ name: 'Ten a year', credits: 10 }))._id as string;
    const granted = await merchant().grantMembership({ planId, memberEmail: email, credits: null });
    expect(granted).toMatchObject({ planId, creditsRemaining: null, valid: true });
    expect((await merchant().grantMembership({ planId, memberEmail: email })).creditsRemaining).toBe(10);
  });

  it('names a refused field as the caller wrote it, answers an unknown e-mail, and refuses a shopper', async () => {
    const planId = (await merchant().createMembershipPlan({ name: 'SDK refusals' }))._id as string;
    const bad = await thrown(merchant().grantMembership({ planId, memberEmail: 'nobody' }));
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('membership.memberEmail');
    const unknown = await thrown(merchant().grantMembership({ planId, memberEmail: uniqueEmail() }));
    expect([unknown.status, unknown.details?.applicationError?.code]).toEqual([404, 'MEMBER_NOT_FOUND']);
    const shopper = createClient({ host: server.url, modules: { memberships }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
    expect((await thrown(shopper.memberships.listMembershipPlans())).status).toBe(403);
  });
});
