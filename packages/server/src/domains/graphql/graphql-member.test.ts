import { createClient } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { merchantClient, newMember, newVisitor } from '../../../test/support/cart-clients.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';

const server = testServerForFile();

const MEMBER =
  '{ currentMember { id loginEmail loginEmailVerified status firstName lastName nickname identityProfile createdDate updatedDate } }';
const UPDATE = `mutation($input: MemberProfileInput!) {
  updateCurrentMemberProfile(input: $input) { id firstName lastName nickname identityProfile updatedDate }
}`;

describe('currentMember (GraphQL)', () => {
  it("answers the signed-in member's own account", async () => {
    const { client, memberId } = await newMember(server);
    const response = await client.graphql(MEMBER);
    expect(response.errors).toBeUndefined();
    const member = (response.data as { currentMember: Record<string, unknown> }).currentMember;
    expect(member).toMatchObject({ id: memberId, status: 'ACTIVE', firstName: null, lastName: null, nickname: null });
    expect(member.loginEmail).toMatch(/^m-.+@example\.com$/);
    expect(Date.parse(String(member.createdDate))).not.toBeNaN();
    expect(member.identityProfile).toMatchObject({ emails: [], phones: [], addresses: [] });
  });

  it('answers null for a visitor, an anonymous caller and a merchant alone', async () => {
    const { client } = await newVisitor(server);
    expect((await client.graphql(MEMBER)).data).toEqual({ currentMember: null });
    expect((await createClient({ host: server.url, modules: {} }).graphql(MEMBER)).data).toEqual({ currentMember: null });
    expect((await merchantClient(server).graphql(MEMBER)).data).toEqual({ currentMember: null });
  });

  it("answers the member a merchant's key acts for", async () => {
    const { tokens, memberId } = await newMember(server);
    const response = await merchantClient(server, tokens.access_token).graphql(MEMBER);
    expect(response.data).toMatchObject({ currentMember: { id: memberId } });
  });
});

describe('updateCurrentMemberProfile (GraphQL)', () => {
  it('sets, keeps and removes names, and the next read sees them', async () => {
    const { client } = await newMember(server);
    const before = (await client.graphql<{ currentMember: { updatedDate: string } }>(MEMBER)).data.currentMember;

    const set = await client.graphql(UPDATE, { input: { firstName: '  Ada ', lastName: 'Lovelace', nickname: 'Countess' } });
    expect(set.errors).toBeUndefined();
    expect(set.data).toMatchObject({ updateCurrentMemberProfile: { firstName: 'Ada', lastName: 'Lovelace', nickname: 'Countess' } });

    // Absent keeps, null and blank remove.
    const changed = await client.graphql(UPDATE, { input: { lastName: null, nickname: '   ' } });
    expect(changed.data).toMatchObject({ updateCurrentMemberProfile: { firstName: 'Ada', lastName: null, nickname: null } });

    const after = (await client.graphql<{ currentMember: Record<string, unknown> }>(MEMBER)).data.currentMember;
    expect(after).toMatchObject({ firstName: 'Ada', lastName: null, nickname: null });
    expect(after.identityProfile).not.toHaveProperty('lastName');
    expect(Date.parse(String(after.updatedDate))).toBeGreaterThanOrEqual(Date.parse(before.updatedDate));
  });

  it('keeps the rest of the profile the member registered with', async () => {
    const { client } = await newMember(server);
    await client.graphql(UPDATE, { input: { firstName: 'Grace' } });
    const after = (await client.graphql<{ currentMember: { identityProfile: Record<string, unknown> } }>(MEMBER)).data.currentMember;
    expect(after.identityProfile).toMatchObject({ firstName: 'Grace', privacyStatus: expect.any(String) });
  });

  it('refuses names that are too long or hold control characters, changing nothing', async () => {
    const { client } = await newMember(server);
    await client.graphql(UPDATE, { input: { firstName: 'Ada' } });
    const long = await client.graphql(UPDATE, { input: { firstName: 'x'.repeat(101) } });
    expect(long.errors?.[0]?.message).toMatch(/^INVALID_ARGUMENT/);
    expect(long.errors?.[0]?.extensions).toMatchObject({
      code: 'INVALID_ARGUMENT',
      validationError: { fieldViolations: [{ field: 'input.firstName', violatedRule: 'MAX_LENGTH' }] },
    });
    // A NUL is refused by the one string rule (#18) as the variables are read, before any resolver.
    const nul = await client.graphql(UPDATE, { input: { lastName: 'Love\u0000lace' } });
    expect(nul.errors?.[0]?.extensions).toMatchObject({
      code: 'INVALID_ARGUMENT',
      validationError: { fieldViolations: [{ field: 'variables.input.lastName', violatedRule: 'FORMAT' }] },
    });
    expect((await client.graphql(MEMBER)).data).toMatchObject({ currentMember: { firstName: 'Ada', lastName: null } });
  });

  it('refuses a wrongly typed input before any resolver runs', async () => {
    const { client, tokens } = await newMember(server);
    const response = await fetch(`${server.url}/graphql/alpha`, {
      method: 'POST',
      headers: { authorization: tokens.access_token, 'content-type': 'application/json' },
      body: JSON.stringify({ query: UPDATE, variables: { input: { firstName: 42, email: 'x@example.com' } } }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { message: string }[] };
    expect(body.errors.map((error) => error.message).join(' ')).toMatch(/firstName|email/);
    expect((await client.graphql(MEMBER)).data).toMatchObject({ currentMember: { firstName: null } });
  });

  it('answers PERMISSION_DENIED to a visitor and UNAUTHENTICATED to an anonymous caller', async () => {
    const { client } = await newVisitor(server);
    const visitor = await client.graphql(UPDATE, { input: { firstName: 'Eve' } });
    expect(visitor.errors?.[0]?.extensions).toMatchObject({ code: 'PERMISSION_DENIED' });
    const anonymous = await createClient({ host: server.url, modules: {} }).graphql(UPDATE, { input: { firstName: 'Eve' } });
    expect(anonymous.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('is refused over GET (a link must not change an account)', async () => {
    const { tokens, client } = await newMember(server);
    const query = encodeURIComponent('mutation { updateCurrentMemberProfile(input: {firstName: "Mallory"}) { id } }');
    const response = await fetch(`${server.url}/graphql/alpha?query=${query}`, { headers: { authorization: tokens.access_token } });
    expect(response.status).toBe(405);
    expect((await client.graphql(MEMBER)).data).toMatchObject({ currentMember: { firstName: null } });
  });
});
