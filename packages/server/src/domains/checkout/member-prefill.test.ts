/**
 * A signed-in member's hosted checkout starts filled in with their e-mail, name and last used address
 * (issue #19, defect 8): the rules of what is filled, from where, and what is never replaced.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  lineOf,
  memberClient,
  placeFromPage,
  type ShopperClient,
  stockedProduct,
  US_ADDRESS,
  visitorClient,
} from '../../../test/support/checkout-fixtures.js';
import { FormClient, type Page } from '../../../test/support/form-client.js';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';

const server = usShippingServerForFile();
let productId: string;
beforeAll(async () => {
  productId = (await stockedProduct(server, { name: 'Prefill mug', quantity: 100 }))._id;
});

/** A checkout of one mug in the shopper's cart, with what create-checkout is given. */
async function checkoutOf(shop: ShopperClient, details: Parameters<ShopperClient['currentCart']['createCheckoutFromCurrentCart']>[0] = {}) {
  await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(productId)] });
  const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart(details);
  return checkoutId as string;
}

/** The hosted page as the redirect session opens it, in a fresh form browser. */
async function hostedPage(shop: ShopperClient, checkoutId: string): Promise<{ browser: FormClient; page: Page }> {
  const { redirectSession } = await shop.redirects.createRedirectSession({ ecomCheckout: { checkoutId } });
  const browser = new FormClient(server.url);
  const page = await browser.get(redirectSession?.fullUrl as string);
  expect(page.status).toBe(200);
  return { browser, page };
}

/** What the form shows in a field: a text input's value, or a list's selected choice ('' when none). */
function fieldValue(page: Page, name: string): string {
  const input = new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`).exec(page.html);
  if (input) return /\bvalue="([^"]*)"/.exec(input[0])?.[1] ?? '';
  const select = new RegExp(`<select\\b[^>]*\\bname="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(page.html);
  if (!select) throw new Error(`no field ${name} on the page`);
  const chosen = /<option\b[^>]*\bselected=""[^>]*>/.exec(select[1]);
  return chosen ? (/\bvalue="([^"]*)"/.exec(chosen[0])?.[1] ?? '') : '';
}

const shippingFields = [
  'email',
  'firstName',
  'lastName',
  'company',
  'phone',
  'addressLine',
  'city',
  'postalCode',
  'subdivision',
  'country',
];
const shown = (page: Page) => Object.fromEntries(shippingFields.map((name) => [name, fieldValue(page, name)]));

/** Sets the member's profile (names, saved addresses) as their account pages would. */
async function setProfile(memberId: string, profile: Record<string, unknown>) {
  await server.database.db
    .updateTable('identities')
    .set({ profile: JSON.stringify(profile) })
    .where('id', '=', memberId)
    .execute();
}

/** Places an order as the member through the hosted page, shipped to `US_ADDRESS` for this recipient. */
async function placeAs(shop: ShopperClient, recipient: Record<string, string>) {
  const checkoutId = await checkoutOf(shop);
  const { browser, page } = await hostedPage(shop, checkoutId);
  const answer = await placeFromPage(browser, page, {
    email: uniqueEmail('typed'),
    ...recipient,
    addressLine: US_ADDRESS.addressLine,
    city: US_ADDRESS.city,
    postalCode: US_ADDRESS.postalCode,
    subdivision: 'US-IL',
    country: 'US',
    shippingOption: 'standard',
    billingSame: 'on',
    paymentMethod: 'bank-transfer',
  });
  expect(answer.status).toBe(303);
}

describe('a member’s hosted checkout starts filled in (#19)', () => {
  it('fills the member’s e-mail and the address and recipient of their most recent order', async () => {
    const member = await memberClient(server);
    await setProfile(member.memberId, { firstName: 'Augusta', lastName: 'King' });
    await placeAs(member.client, { firstName: 'Old', lastName: 'Recipient' });
    await placeAs(member.client, { firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines', phone: '+1 555 0100' });

    const { page } = await hostedPage(member.client, await checkoutOf(member.client));
    expect(shown(page)).toEqual({
      email: member.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines',
      phone: '+1 555 0100',
      addressLine: '1 Main St',
      city: 'Springfield',
      postalCode: '62701',
      subdivision: 'US-IL',
      country: 'US',
    });
    // Filled on the server and saved: the page already shows the shipping options for that address.
    expect(page.html).toContain('value="standard"');
  });

  it('fills the profile’s names and saved address for a member without an order, and nothing of anyone else', async () => {
    const other = await memberClient(server);
    await placeAs(other.client, { firstName: 'Someone', lastName: 'Else' });
    const member = await memberClient(server);
    await setProfile(member.memberId, {
      firstName: 'Grace',
      lastName: 'Hopper',
      addresses: [
        { tag: 'WORK', address: { addressLine: '1 Navy Yard', city: 'Washington', country: 'US', subdivision: 'DC' } },
        { tag: 'SHIPPING', address: { addressLine: '5 Elm St', city: 'Arlington', postalCode: '22201', country: 'us', subdivision: 'va' } },
      ],
    });

    const { page } = await hostedPage(member.client, await checkoutOf(member.client));
    expect(shown(page)).toEqual({
      email: member.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      company: '',
      phone: '',
      addressLine: '5 Elm St',
      city: 'Arlington',
      postalCode: '22201',
      subdivision: 'US-VA',
      country: 'US',
    });
    expect(page.html).not.toContain('Someone');
    expect(page.html).not.toContain(other.email);
  });

  it('fills the e-mail and the profile’s names alone when the member has no order and no saved address', async () => {
    const member = await memberClient(server);
    await setProfile(member.memberId, { firstName: 'Alan', lastName: 'Turing' });
    const { page } = await hostedPage(member.client, await checkoutOf(member.client));
    expect(shown(page)).toMatchObject({ email: member.email, firstName: 'Alan', lastName: 'Turing', addressLine: '', country: '' });
  });

  it('fills nothing for a visitor', async () => {
    const visitor = visitorClient(server);
    const { page } = await hostedPage(visitor, await checkoutOf(visitor));
    expect(Object.values(shown(page)).every((value) => value === '')).toBe(true);
  });

  it('keeps what create-checkout was given and fills only what is missing', async () => {
    const member = await memberClient(server);
    await setProfile(member.memberId, { firstName: 'Katherine', lastName: 'Johnson' });
    await placeAs(member.client, { firstName: 'Ada', lastName: 'Lovelace' });
    const given = { city: 'Austin', postalCode: '73301', subdivision: 'US-TX', country: 'US' };
    const checkoutId = await checkoutOf(member.client, {
      email: 'given@example.com',
      shippingAddress: { addressLine1: '9 Given Rd', ...given },
    });

    const { page } = await hostedPage(member.client, checkoutId);
    // The given address stays, and the last order's recipient does not come with another address.
    expect(shown(page)).toMatchObject({
      email: 'given@example.com',
      firstName: 'Katherine',
      lastName: 'Johnson',
      addressLine: '9 Given Rd',
      ...given,
    });
  });

  it('fills once: what the shopper empties or changes stays so on the next showing', async () => {
    const member = await memberClient(server);
    await setProfile(member.memberId, { firstName: 'Hedy', lastName: 'Lamarr' });
    await placeAs(member.client, { firstName: 'Hedy', lastName: 'Lamarr', company: 'Old Company' });
    const checkoutId = await checkoutOf(member.client);
    const { browser, page } = await hostedPage(member.client, checkoutId);
    expect(fieldValue(page, 'company')).toBe('Old Company');

    const typed = { ...shown(page), company: '', firstName: 'Hedwig', shippingOption: 'standard', billingSame: 'on' };
    const saved = await browser.submit({ ...page.form('/place'), action: `/checkout/${checkoutId}` }, typed);
    expect(saved.status).toBe(303);
    const again = await browser.get(`/checkout/${checkoutId}`);
    expect(shown(again)).toMatchObject({ company: '', firstName: 'Hedwig', lastName: 'Lamarr', addressLine: '1 Main St' });
  });
});
