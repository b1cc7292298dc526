/**
 * The console's memberships in Chromium, on the real server (#7): a plan for chosen products made in
 * the console and granted there to a member by e-mail is what that member's estimate then offers to
 * pay their lines with, until it is revoked; a member's memberships are found by e-mail, with why an
 * unusable one cannot pay; a plan is deleted with its memberships.
 */

import { ApiKeyStrategy, createClient } from '@vitrine/sdk';
import { memberships } from '@vitrine/sdk/ecom';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lineOf, memberClient, type ShopperClient, stockedProduct } from '../../../packages/server/test/support/checkout-fixtures.js';
import { uniqueEmail } from '../../../packages/server/test/support/mailbox.js';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { ARTIFACTS, signedInConsoleForFile } from './console-session.js';

let server: TestServer;
let page: Page;
let errors: string[] = [];

signedInConsoleForFile({}, (session) => {
  ({ server, page, errors } = session);
});

const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}console-memberships-${name}.png`, fullPage: true });
const merchant = () =>
  createClient({ host: server.url, modules: { memberships }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) }).memberships;

/** The memberships the member's estimate offers: name, the lines each can pay for, credits. */
async function offered(member: ShopperClient) {
  const estimate = await member.currentCart.estimateCurrentCartTotals();
  return (estimate.membershipOptions?.eligibleMemberships ?? []).map((membership) => ({
    name: membership.name?.original,
    lineItemIds: membership.lineItemIds,
    credits: membership.credits,
  }));
}

describe('memberships', () => {
  it("makes a plan for a chosen product, grants it by e-mail, and the member's estimate offers it until it is revoked", async () => {
    const run = crypto.randomUUID().slice(0, 6);
    const mug = await stockedProduct(server, { name: `Club Mug ${run}`, price: 12, quantity: 5 });
    const { client: member, email } = await memberClient(server);
    const cart = await member.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id, 2)] });
    const lineId = cart.cart?.lineItems?.[0]?._id;
    expect(await offered(member)).toEqual([]);

    await page.goto(`${server.url}/console/memberships`);
    await page.getByRole('link', { name: 'New plan' }).click();
    const form = page.getByRole('form', { name: 'Membership plan' });
    await form.getByLabel('Name', { exact: true }).fill(`Mug club ${run}`);
    await form.getByLabel('Credits').fill('10');
    await form.getByLabel('Lines').selectOption('PRODUCTS');
    await form.getByRole('button', { name: 'Create the plan' }).click();
    await form.getByText('Pick the products it applies to.').waitFor();
    await form.getByLabel('Find a product').fill(`Club Mug ${run}`);
    await form.getByRole('button', { name: 'Find', exact: true }).click();
    await form.getByRole('button', { name: `Choose Club Mug ${run}` }).click();
    await form.getByRole('button', { name: 'Create the plan' }).click();
    await page.getByRole('heading', { level: 1, name: `Plan Mug club ${run}` }).waitFor();
    await page.getByText('Nobody holds this plan yet.').waitFor();

    // an e-mail nobody has is the server's refusal, in its words
    const grant = page.getByRole('form', { name: 'Grant the plan' });
    const stranger = uniqueEmail('stranger');
    await grant.getByLabel('Member’s e-mail').fill(stranger);
    await grant.getByRole('button', { name: 'Grant' }).click();
    await grant.getByRole('alert').filter({ hasText: 'The membership was not granted: No member has this e-mail' }).waitFor();

    await grant.getByLabel('Member’s e-mail').fill(email);
    await grant.getByRole('button', { name: 'Grant' }).click();
    await grant.getByText('Granted.').waitFor();
    const row = page.getByTestId('membership-row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.textContent()).toContain('10 of 10');
    expect(await row.textContent()).toContain('Never');
    expect(await row.textContent()).toContain('Usable');
    await shot('1-plan');

    // the member's estimate offers it for the mug's line
    expect(await offered(member)).toEqual([{ name: `Mug club ${run}`, lineItemIds: [lineId], credits: { total: 10, remaining: 10 } }]);

    page.once('dialog', (dialog) => dialog.accept());
    await row.getByRole('button', { name: `Revoke ${email}…` }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByText('Nobody holds this plan yet.').waitFor();
    expect(await offered(member)).toEqual([]);
    expect(errors.length).toBe(1);
    expect(errors[0]).toMatch(/status of 404/);
  }, 90_000);

  it("finds a member's memberships by e-mail, grants one there with an expiry and credits, says why an unusable one cannot pay, and deletes a plan", async () => {
    const run = crypto.randomUUID().slice(0, 6);
    const { email } = await memberClient(server);
    const paused = await merchant().createMembershipPlan({ name: `Paused ${run}`, active: false });
    await merchant().grantMembership({ planId: paused._id as string, memberEmail: email });
    const gold = await merchant().createMembershipPlan({ name: `Gold ${run}`, credits: 5 });

    await page.goto(`${server.url}/console/memberships`);
    const planRow = page.getByTestId('plan-row').filter({ hasText: `Gold ${run}` });
    await planRow.waitFor();
    expect(await planRow.textContent()).toContain('Every product');
    expect(await planRow.textContent()).toContain('On');

    await page.getByLabel('Member’s e-mail').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('member') === email.toUpperCase());
    const pausedRow = page.getByTestId('membership-row').filter({ hasText: `Paused ${run}` });
    await pausedRow.waitFor();
    expect(await pausedRow.textContent()).toContain('The membership plan is no longer offered');

    const grant = page.getByRole('form', { name: `Grant a plan to ${email.toUpperCase()}` });
    await grant.getByLabel('Plan').selectOption({ label: `Gold ${run}` });
    await grant.getByLabel('Ends').fill('2030-01-31T18:00');
    await grant.getByLabel('Credits', { exact: true }).fill('3');
    await grant.getByRole('button', { name: 'Grant' }).click();
    const goldRows = page.getByTestId('membership-row').filter({ hasText: `Gold ${run}` });
    await goldRows.first().waitFor();
    expect(await goldRows.first().textContent()).toContain('3 of 5');
    expect(await goldRows.first().textContent()).toContain('2030');
    // and once more without a limit, although the plan has one
    await grant.getByLabel('Plan').selectOption({ label: `Gold ${run}` });
    await grant.getByLabel('Unlimited credits').check();
    expect(await grant.getByLabel('Credits', { exact: true }).isDisabled()).toBe(true);
    await grant.getByRole('button', { name: 'Grant' }).click();
    await expect.poll(() => goldRows.count()).toBe(2);
    expect(await goldRows.nth(1).textContent()).toContain('Unlimited');
    const held = await merchant().listMemberships({ memberEmail: email, planId: gold._id as string });
    expect(held.memberships?.map((membership) => [membership.creditsRemaining, membership.expiresAt?.getTime()])).toEqual([
      [3, new Date('2030-01-31T18:00').getTime()],
      [null, undefined],
    ]);
    await shot('2-member');

    // the paused plan, deleted with its membership
    await pausedRow.getByRole('link', { name: `Paused ${run}` }).click();
    await page.getByRole('heading', { level: 1, name: `Plan Paused ${run}` }).waitFor();
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: 'Delete this plan…' }).click();
    await page.waitForURL(`${server.url}/console/memberships`);
    await expect
      .poll(() =>
        page
          .getByTestId('plan-row')
          .filter({ hasText: `Paused ${run}` })
          .count(),
      )
      .toBe(0);
    expect((await merchant().listMemberships({ memberEmail: email })).memberships?.map((membership) => membership.planName)).toEqual([
      `Gold ${run}`,
      `Gold ${run}`,
    ]);
    expect(errors).toEqual([]);
  }, 90_000);

  it('names the plan form’s problems by their fields and sends nothing', async () => {
    await page.goto(`${server.url}/console/memberships/new`);
    const form = page.getByRole('form', { name: 'Membership plan' });
    await form.getByLabel('Credits').fill('0');
    await form.getByRole('button', { name: 'Create the plan' }).click();
    await form.getByRole('alert').filter({ hasText: '2 fields need your attention.' }).waitFor();
    expect(await form.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByText('A whole number, at least 1; empty: unlimited.').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/console/memberships/new');
    expect(errors).toEqual([]);
  }, 60_000);
});
