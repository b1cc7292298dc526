/**
 * Staff (issue #24): the owner invites merchants by e-mail, whose link lets them choose a password
 * (once, before it expires), lists and removes them; staff are refused the owner's routes (staff, API
 * keys, webhooks, payment settings) with 403, whatever the console shows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Answer, postJson, send } from '../../../test/support/http.js';
import { linksOf, mailWithSubject, uniqueEmail } from '../../../test/support/mailbox.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { digest } from '../../platform/secrets.js';

const PASSWORD = 'correct horse battery staple';
const MERCHANTS = '/_api/vitrine/v1/merchants';
const INVITE_SUBJECT = 'You are invited to run the shop in the Vitrine console';

const server = testServerForFile();
let owner: { id: string; token: string };
beforeAll(async () => {
  // the shop's one owner: every test below keeps it so (the last-owner rule)
  owner = await signedMerchant(await madeMerchant('owner'));
});

/** A merchant as `vitrine merchants create` makes one, with the password chosen through the link. */
async function madeMerchant(role: 'owner' | 'staff'): Promise<string> {
  const made = await server.services.merchants.create(uniqueEmail(role), role);
  const token = new URL(made.passwordLink as string).searchParams.get('token') as string;
  await server.services.identity.recover({ recoveryToken: token, password: PASSWORD });
  return made.identity.id;
}

/** A console access token of the merchant, as the console's sign-in answers one. */
async function signedMerchant(id: string) {
  return { id, token: await server.services.keys.sign({ sub: id, role: 'merchant', client_id: 'vitrine-console' }, 600) };
}

const call = (token: string, method: string, path: string, body?: unknown): Promise<Answer> =>
  send(`${server.url}${path}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const invite = (email: string, role = 'staff', token = owner.token) => call(token, 'POST', MERCHANTS, { email, role });

/** The `token` of the link in the newest invite mailed to `email`. */
async function invitedToken(email: string): Promise<string> {
  const mail = await mailWithSubject(server.url, email, INVITE_SUBJECT);
  const link = linksOf(mail).text.find((text) => text.includes('/account/reset-password'));
  return new URL(link as string).searchParams.get('token') as string;
}

const recover = (recoveryToken: string) => postJson(server.url, '/_api/iam/recovery/v1/recover', { recoveryToken, password: PASSWORD });

/** Every owner-only route group, with a call that changes nothing a later test reads. */
const OWNER_ONLY: [string, string, string, unknown?][] = [
  ['staff: list', 'GET', MERCHANTS],
  ['staff: invite', 'POST', MERCHANTS, { email: 'invitee@example.com', role: 'staff' }],
  ['staff: remove', 'DELETE', `${MERCHANTS}/00000000-0000-4000-8000-000000000000`],
  ['API keys: list', 'GET', '/_api/vitrine/v1/api-keys'],
  ['API keys: create', 'POST', '/_api/vitrine/v1/api-keys', { name: 'staff key' }],
  ['webhooks: list', 'GET', '/_api/vitrine/v1/webhooks'],
  ['webhooks: add', 'POST', '/_api/vitrine/v1/webhooks', { url: 'https://hooks.example.com/x' }],
  ['payment settings', 'PATCH', '/_api/vitrine/v1/shop-settings', { payments: { bankTransfer: { enabled: false } } }],
];

describe('merchant roles', () => {
  it.each(OWNER_ONLY)('refuses staff the owner-only route group "%s" with 403', async (_name, method, path, body) => {
    const staff = await signedMerchant(await madeMerchant('staff'));
    const answer = await call(staff.token, method, path, body);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ message: 'Permission denied', details: { applicationError: { code: 'PERMISSION_DENIED' } } });
  });

  it.each(OWNER_ONLY.filter(([name]) => !name.startsWith('staff: remove')))(
    'lets the owner use "%s"',
    async (_name, method, path, body) => {
      const answer = await call(owner.token, method, path, body);
      expect(answer.status).toBe(200);
    },
  );

  it('lets staff run the shop: read the settings, change the shop name, read their own role', async () => {
    const staff = await signedMerchant(await madeMerchant('staff'));
    expect((await call(staff.token, 'GET', '/_api/vitrine/v1/shop-settings')).status).toBe(200);
    expect((await call(staff.token, 'PATCH', '/_api/vitrine/v1/shop-settings', { shopName: 'Staffed shop' })).status).toBe(200);
    expect((await call(staff.token, 'GET', `${MERCHANTS}/me`)).body).toMatchObject({ merchant: { id: staff.id, role: 'staff' } });
    expect((await call(owner.token, 'GET', `${MERCHANTS}/me`)).body).toMatchObject({ merchant: { id: owner.id, role: 'owner' } });
  });

  it('makes every merchant made before roles an owner (0026), and refuses a merchant without a role', async () => {
    const roles = await server.services.database.db.selectFrom('identities').select(['role', 'merchant_role']).execute();
    expect(roles.filter((role) => role.role === 'merchant' && role.merchant_role === null)).toEqual([]);
    await expect(
      server.services.database.db.updateTable('identities').set({ merchant_role: null }).where('id', '=', owner.id).execute(),
    ).rejects.toThrow(/identities_merchant_role_present/);
  });
});

describe('invites', () => {
  it('invites by e-mail: pending until the mailed link sets a password, then a staff merchant who signs in', async () => {
    const email = uniqueEmail('invitee');
    const invited = await invite(email);
    expect(invited).toMatchObject({ status: 200, body: { merchant: { email, role: 'staff', pending: true } } });
    const id = invited.body.merchant.id as string;
    expect((await call(owner.token, 'GET', MERCHANTS)).body.merchants).toContainEqual(expect.objectContaining({ id, pending: true }));

    expect((await recover(await invitedToken(email))).status).toBe(200);
    const listed = (await call(owner.token, 'GET', MERCHANTS)).body.merchants;
    expect(listed).toContainEqual(expect.objectContaining({ id, email, role: 'staff', pending: false }));
    expect(await server.services.merchants.roleOf(id)).toBe('staff');
  });

  it('refuses an invite link used once already', async () => {
    const email = uniqueEmail('invitee');
    await invite(email);
    const token = await invitedToken(email);
    expect((await recover(token)).status).toBe(200);
    const again = await recover(token);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ details: { applicationError: { code: 'INVALID_RECOVERY_TOKEN' } } });
  });

  it('refuses an expired invite link', async () => {
    const email = uniqueEmail('invitee');
    await invite(email);
    const token = await invitedToken(email);
    await server.services.database.db
      .updateTable('recovery_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', digest(token))
      .execute();
    expect(await recover(token)).toMatchObject({
      status: 400,
      body: { details: { applicationError: { code: 'INVALID_RECOVERY_TOKEN' } } },
    });
  });

  it('revokes an invite: the link stops working and the invitee is no merchant', async () => {
    const email = uniqueEmail('invitee');
    const id = (await invite(email)).body.merchant.id as string;
    const token = await invitedToken(email);
    expect((await call(owner.token, 'DELETE', `${MERCHANTS}/${id}`)).status).toBe(200);
    expect((await recover(token)).status).toBe(400);
    expect(await server.services.merchants.roleOf(id)).toBeNull();
  });

  it('refuses a malformed invite with 400 and an unknown merchant id with 404', async () => {
    expect((await invite('not an e-mail')).status).toBe(400);
    expect((await invite(uniqueEmail(), 'manager')).status).toBe(400);
    expect((await call(owner.token, 'DELETE', `${MERCHANTS}/not-a-uuid`)).status).toBe(400);
    const unknown = await call(owner.token, 'DELETE', `${MERCHANTS}/00000000-0000-4000-8000-000000000000`);
    expect(unknown).toMatchObject({ status: 404, body: { details: { applicationError: { code: 'IDENTITY_NOT_FOUND' } } } });
  });
});

describe('removing merchants', () => {
  it('removes a merchant, whose access token stops working at once (401)', async () => {
    const staff = await signedMerchant(await madeMerchant('staff'));
    expect((await call(staff.token, 'GET', '/_api/vitrine/v1/shop-settings')).status).toBe(200);
    expect((await call(owner.token, 'DELETE', `${MERCHANTS}/${staff.id}`)).status).toBe(200);
    const after = await call(staff.token, 'GET', '/_api/vitrine/v1/shop-settings');
    expect(after).toMatchObject({ status: 401, body: { details: { applicationError: { code: 'UNAUTHENTICATED' } } } });
  });

  it('refuses an owner removing themselves', async () => {
    const answer = await call(owner.token, 'DELETE', `${MERCHANTS}/${owner.id}`);
    expect(answer).toMatchObject({ status: 409, body: { details: { applicationError: { code: 'MERCHANT_REMOVES_SELF' } } } });
  });

  it('never removes the last owner', async () => {
    const answer = await call(server.apiKey, 'DELETE', `${MERCHANTS}/${owner.id}`);
    expect(answer).toMatchObject({ status: 409, body: { details: { applicationError: { code: 'LAST_OWNER' } } } });
    expect(await server.services.merchants.roleOf(owner.id)).toBe('owner');
  });

  it('lets an invite never demote an owner', async () => {
    const ownerEmail = (await call(owner.token, 'GET', `${MERCHANTS}/me`)).body.merchant.email as string;
    expect((await invite(ownerEmail, 'staff')).body).toMatchObject({ merchant: { id: owner.id, role: 'owner' } });
  });
});
