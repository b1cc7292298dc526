/**
 * Staff and sessions in the console (issue #24, parts 3 and 7): the owner invites a merchant by
 * e-mail, the mailed link sets a password, and the new staff member signs in to a console without
 * staff, API keys, webhooks or payments (the server refusing them those calls too); a session that
 * ends while a product is being edited says so, and the edit comes back after signing in again.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { stockedProduct } from '../../../packages/server/test/support/checkout-fixtures.js';
import { send } from '../../../packages/server/test/support/http.js';
import { linksOf, mailWithSubject, uniqueEmail } from '../../../packages/server/test/support/mailbox.js';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import {
  ARTIFACTS,
  atConsoleHome,
  type ConsoleBrowser,
  newMerchant,
  PASSWORD,
  signedOutConsoleForFile,
  signIn,
} from './console-session.js';

let server: TestServer;
let chromium: ConsoleBrowser;
let page: Page;

signedOutConsoleForFile((session) => {
  ({ server, chromium } = session);
  page = chromium.page;
});

/** Every test starts signed out, with nothing kept in the tab. */
beforeEach(async () => {
  chromium.errors.length = 0;
  await chromium.browser.clearCookies();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.url}/console/`);
  await page.evaluate(() => sessionStorage.clear());
});

/** A desktop screenshot, and one at a phone's 390×844. */
async function shots(name: string) {
  await page.screenshot({ path: `${ARTIFACTS}console-staff-${name}.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${ARTIFACTS}console-staff-${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The console's access token, from the sign-in's answer, for calling the API as the page does. */
const signInAccessToken = async () => {
  const answer = await page.waitForResponse((response) => new URL(response.url()).pathname === '/console/session/sign-in');
  return ((await answer.json()) as { access_token: string }).access_token;
};

const sections = () => page.getByRole('navigation', { name: 'Sections' });

describe('staff', () => {
  it('invites a merchant by e-mail, whose link sets a password, and who signs in as staff without the owner’s sections', async () => {
    const owner = await newMerchant(server);
    await signIn(page, server, owner);
    await page.waitForURL(atConsoleHome);
    await sections().getByRole('link', { name: 'Staff' }).click();
    await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();

    const invitee = uniqueEmail('staff');
    await page.getByLabel('E-mail').fill(invitee);
    await page.getByLabel('Role').selectOption('staff');
    await page.getByRole('button', { name: 'Invite' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Invited ${invitee}` })
      .waitFor();
    const row = page.getByTestId('merchant-row').filter({ hasText: invitee });
    await expect.poll(() => row.textContent()).toMatch(/Staff.*Invited/);
    expect(await page.getByTestId('merchant-row').filter({ hasText: owner }).textContent()).toContain('You');
    await shots('1-invited');

    // the invite in the dev mailbox; its link chooses the password, once
    const mail = await mailWithSubject(server.url, invitee, 'You are invited to run the shop in the Vitrine console');
    const link = linksOf(mail).text.find((text) => text.includes('/account/reset-password')) as string;
    await chromium.browser.clearCookies();
    await page.goto(link);
    await page.fill('input[name=password]', PASSWORD);
    await page.fill('input[name=confirm]', PASSWORD);
    await page.click('button[type=submit]');
    await page.getByRole('heading', { level: 1, name: 'Your password is set' }).waitFor();

    const [staffToken] = await Promise.all([signInAccessToken(), signIn(page, server, invitee)]);
    await page.waitForURL(atConsoleHome);
    await sections().getByRole('link', { name: 'Products' }).waitFor();
    const links = await sections().getByRole('link').allTextContents();
    expect(links).toContain('Orders');
    expect(links).not.toContain('Staff');
    expect(links).not.toContain('API keys');
    expect(links).not.toContain('Webhooks');
    await shots('2-staff-sections');

    await sections().getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('group', { name: 'Shop' }).waitFor();
    expect(await page.getByRole('group', { name: 'Payments' }).count()).toBe(0);
    await page.goto(`${server.url}/console/api-keys`);
    await page.getByText('Only the shop’s owner manages api keys.').waitFor();

    // the server refuses staff those calls, whatever the page shows
    for (const path of ['/_api/vitrine/v1/api-keys', '/_api/vitrine/v1/webhooks', '/_api/vitrine/v1/merchants']) {
      const answer = await send(`${server.url}${path}`, { headers: { authorization: staffToken } });
      expect(answer.status, path).toBe(403);
    }
    expect(chromium.errors).toEqual([]);
  });
});

describe('a session that ends', () => {
  it('says so and keeps the product being edited, which comes back after signing in again', async () => {
    await newMerchant(server); // another owner: the shop keeps one while this merchant is removed
    const email = await newMerchant(server);
    const product = await stockedProduct(server, { name: 'Session Teapot', quantity: 3 });
    await signIn(page, server, email);
    await page.waitForURL(atConsoleHome);
    const productUrl = `${server.url}/console/products/${product._id}`;
    await page.goto(productUrl);
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Teapot renamed while away');

    // the session ends under the page: the merchant is removed, and their token refused at once
    await server.services.merchants.remove(email);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your session ended: sign in again' }).waitFor();
    // the owner makes them a merchant again (their password stays): they may sign in
    await server.services.merchants.create(email);
    await shots('3-session-ended');

    await Promise.all([
      page.waitForURL((url) => url.pathname === '/oauth2/authorize'),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', PASSWORD);
    await Promise.all([page.waitForURL(productUrl), page.click('button[type=submit]')]);
    await page.getByRole('status').filter({ hasText: 'Your unsaved changes from before your session ended are back' }).waitFor();
    expect(await name.inputValue()).toBe('Teapot renamed while away');
    await shots('4-restored');

    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Teapot renamed while away');
    // taken once: a reload shows what the server holds, without the note
    await page.reload();
    await name.waitFor();
    expect(await page.getByText('Your unsaved changes').count()).toBe(0);
    expect(chromium.errors.filter((error) => !error.includes('401'))).toEqual([]);
  });
});
