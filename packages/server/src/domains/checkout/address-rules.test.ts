/**
 * Issue #19, defects 3 and 4: every address the server takes is checked by the one address module
 * (cart estimate, create-checkout, the hosted page), and the recipient's name, company and phone
 * reach the order, the orders API and the confirmation e-mail.
 */
import { describe, expect, it } from 'vitest';
import { lineOf, stockedProduct, visitorClient } from '../../../test/support/checkout-fixtures.js';
import { FormClient } from '../../../test/support/form-client.js';
import { mailsTo, uniqueEmail } from '../../../test/support/mailbox.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';
import { thrown } from '../../../test/support/thrown.js';

const server = usShippingServerForFile();

/** A visitor with one mug in the cart. */
async function shopWithCart() {
  const mug = await stockedProduct(server, { quantity: 50 });
  const shop = visitorClient(server);
  await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id)] });
  return shop;
}

type Place = { country: string; subdivision?: string; postalCode?: string };
/** [address, the field refused (undefined: accepted), what the stored address holds when accepted] */
const CASES: [string, Place, string | undefined, Place | undefined][] = [
  ['GE is Georgia', { country: 'GE' }, undefined, { country: 'GE' }],
  ['"Germany" is no code', { country: 'Germany' }, 'country', undefined],
  ['XX is no country', { country: 'XX' }, 'country', undefined],
  ['"Narnia" is no code', { country: 'Narnia' }, 'country', undefined],
  ['NA is Namibia', { country: 'NA' }, undefined, { country: 'NA' }],
  ['US with US-NY', { country: 'US', subdivision: 'US-NY' }, undefined, { country: 'US', subdivision: 'US-NY' }],
  ['US with US-XX', { country: 'US', subdivision: 'US-XX' }, 'subdivision', undefined],
  ['DE with 10115', { country: 'DE', postalCode: '10115' }, undefined, { country: 'DE', postalCode: '10115' }],
  ['US with ABCDE', { country: 'US', postalCode: 'ABCDE' }, 'postalCode', undefined],
  ['GB with SW1A 1AA', { country: 'GB', postalCode: 'SW1A 1AA' }, undefined, { country: 'GB', postalCode: 'SW1A 1AA' }],
  [
    'lower case us, ny',
    { country: 'us', subdivision: 'ny', postalCode: '10001' },
    undefined,
    { country: 'US', subdivision: 'US-NY', postalCode: '10001' },
  ],
];

describe('address rules (#19)', () => {
  it.each(CASES)('cart estimate: %s', async (_name, place, refused) => {
    const shop = await shopWithCart();
    const estimate = shop.currentCart.estimateCurrentCartTotals({ shippingAddress: place });
    if (!refused) {
      await expect(estimate).resolves.toBeDefined();
      return;
    }
    const error = await thrown(estimate);
    expect(error.status).toBe(400);
    expect(error.details?.validationError?.fieldViolations).toEqual([
      // the SDK names the argument (`options`) before the wire's field
      expect.objectContaining({ field: `options.shippingAddress.${refused}`, violatedRule: 'VALIDATION' }),
    ]);
  });

  it.each(CASES)('create-checkout: %s', async (_name, place, refused, stored) => {
    const shop = await shopWithCart();
    const created = shop.currentCart.createCheckoutFromCurrentCart({ shippingAddress: place, billingAddress: place });
    if (!refused) {
      const { checkoutId } = await created;
      const row = await server.database.db
        .selectFrom('checkouts')
        .selectAll()
        .where('id', '=', checkoutId as string)
        .executeTakeFirstOrThrow();
      expect(row.shipping_address).toEqual(stored);
      expect(row.billing_address).toEqual(stored);
      return;
    }
    const error = await thrown(created);
    expect(error.status).toBe(400);
    expect(error.details?.validationError?.fieldViolations?.map((violation) => violation.field)).toEqual([
      `options.billingAddress.${refused}`,
      `options.shippingAddress.${refused}`,
    ]);
  });

  it('names the refused value in the violation', async () => {
    const shop = await shopWithCart();
    const error = await thrown(
      shop.currentCart.createCheckoutFromCurrentCart({ shippingAddress: { country: 'US', subdivision: 'US-XX' } }),
    );
    expect(error.details?.validationError?.fieldViolations).toEqual([
      {
        field: 'options.shippingAddress.subdivision',
        description: '"US-XX" is not an ISO 3166-2 subdivision of US (such as "US-NY" of "US")',
        violatedRule: 'VALIDATION',
      },
    ]);
  });

  const PAGE_MESSAGES: [string, Place, string, string][] = [
    ['XX', { country: 'XX' }, 'country', 'Choose a country from the list'],
    ['Germany', { country: 'Germany' }, 'country', 'Choose a country from the list'],
    ['US-XX', { country: 'US', subdivision: 'US-XX' }, 'subdivision', 'Choose a state or region of United States from the list'],
    ['ABCDE', { country: 'US', postalCode: 'ABCDE' }, 'postalCode', 'This postal code does not look like a US ZIP code'],
    ['1011 in DE', { country: 'DE', postalCode: '1011' }, 'postalCode', 'This postal code does not look like a postal code from Germany'],
  ];

  it.each(PAGE_MESSAGES)(
    'hosted page: a forged %s is refused with the message next to its field, placing nothing',
    async (_n, place, field, message) => {
      const shop = await shopWithCart();
      const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
      const browser = new FormClient(server.url);
      const page = await browser.get(`/checkout/${checkoutId}`);
      const answer = await browser.submit(page.form('/place'), {
        ...hostedFields(uniqueEmail('forged')),
        subdivision: '',
        postalCode: '',
        ...place,
      });
      expect(answer.status).toBe(400);
      expect(answer.html).toContain(`<span class="field-error" id="field-${field}-error">${message}</span>`);
      const orders = await server.database.db
        .selectFrom('orders')
        .select('id')
        .where('checkout_id', '=', checkoutId as string)
        .execute();
      expect(orders).toEqual([]);
    },
  );

  it('hosted page: the country is a list of names with ISO codes, the state a list of the chosen country’s', async () => {
    const shop = await shopWithCart();
    const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
    const browser = new FormClient(server.url);
    const page = await browser.get(`/checkout/${checkoutId}`);
    expect(page.html).toMatch(/<select id="field-country" name="country"[^>]*>/);
    expect(page.html).toContain('<option value="DE">Germany</option>');
    expect(page.html).toContain('<option value="GE">Georgia</option>');
    // No country yet: the state is typed; after "Update" with Germany, it is chosen from Germany's.
    expect(page.html).toMatch(/<input id="field-subdivision" type="text"[^>]*name="subdivision"/);
    const form = page.form('/place');
    const saved = await browser.submit({ ...form, action: form.action.replace(/\/place$/, '') }, { country: 'DE', subdivision: 'US-NY' });
    expect(saved.status).toBe(303);
    const updated = await browser.follow(saved);
    expect(updated.html).toMatch(/<select id="field-subdivision" name="subdivision"/);
    expect(updated.html).toContain('<option value="DE" selected="">Germany</option>');
    expect(updated.html).toContain('<option value="DE-BE">Berlin</option>');
    expect(updated.html).not.toContain('value="US-NY"');
  });
});

/** Every field a placement needs on the hosted page. */
const hostedFields = (email: string) => ({
  email,
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Analytical Engines',
  phone: '+1 555 0100',
  addressLine: '1 Main St',
  city: 'New York',
  postalCode: '10001',
  subdivision: 'US-NY',
  country: 'US',
  shippingOption: 'standard',
  billingSame: 'on',
  paymentMethod: 'bank-transfer',
});

describe('the recipient on the order (#19)', () => {
  it('keeps name, company and phone for shipping and billing, in the orders API and the e-mail', async () => {
    const shop = await shopWithCart();
    const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
    const browser = new FormClient(server.url);
    const email = uniqueEmail('recipient');
    const fields = {
      ...hostedFields(email),
      billingSame: '',
      billingFirstName: 'Charles',
      billingLastName: 'Babbage',
      billingCompany: 'Difference Ltd',
      billingPhone: '+44 20 7946 0000',
      billingAddressLine: '1 Dorset St',
      billingCity: 'London',
      billingPostalCode: 'sw1a 1aa',
      billingCountry: 'GB',
    };
    const page = await browser.get(`/checkout/${checkoutId}`);
    const form = page.form('/place');
    const quoted = await browser.follow(await browser.submit({ ...form, action: form.action.replace(/\/place$/, '') }, fields));
    const done = await browser.submit(quoted.form('/place'), fields);
    expect(done.status).toBe(303);

    const { orders } = await shop.orders.searchOrders({});
    const order = orders?.find((candidate) => candidate.checkoutId === checkoutId);
    expect(order?.shippingInfo?.contactDetails).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines',
      phone: '+1 555 0100',
    });
    expect(order?.billingInfo).toEqual({
      address: { addressLine1: '1 Dorset St', city: 'London', postalCode: 'SW1A 1AA', country: 'GB' },
      contactDetails: { firstName: 'Charles', lastName: 'Babbage', company: 'Difference Ltd', phone: '+44 20 7946 0000' },
    });
    const [mail] = await mailsTo(server.url, email);
    expect(mail.text).toContain(
      'Delivery: Standard shipping to Ada Lovelace, Analytical Engines, +1 555 0100, 1 Main St, New York, NY 10001, US',
    );
    expect(mail.text).toContain('Billing: Charles Babbage, Difference Ltd, +44 20 7946 0000, 1 Dorset St, London, SW1A 1AA, GB');
    expect(mail.html).toContain('Ada Lovelace');

    // The hosted confirmation names the recipient too.
    const confirmation = await browser.get(`/checkout/${checkoutId}/complete`);
    expect(confirmation.html).toContain('Standard shipping to Ada Lovelace, Analytical Engines, +1 555 0100, 1 Main St');
  });
});
