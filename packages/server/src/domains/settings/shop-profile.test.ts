/**
 * The shop's time zone, contact e-mail and address at work (#20), against the real server: the dates
 * of the buyer's mails and order pages in the shop's zone, and their footers naming the shop's contact
 * e-mail and address, escaped, and nothing of either when the merchant set none.
 */
import { describe, expect, it } from 'vitest';
import { placedOrder, stockedProduct } from '../../../test/support/checkout-fixtures.js';
import { FormClient, type Page } from '../../../test/support/form-client.js';
import { mailsTo, uniqueEmail } from '../../../test/support/mailbox.js';
import { merchantCall } from '../../../test/support/merchant-api.js';
import { orderAction } from '../../../test/support/order-fixtures.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';

/** 23:30 UTC on 26 November: 27 November in Auckland (UTC+13), still 26 November in Los Angeles (UTC−8). */
const PLACED_AT = '2026-11-26T23:30:00Z';
const hostile = '<b>Corner</b> & "Sons"';

const server = usShippingServerForFile();

const settings = (body: unknown) => merchantCall(server, 'PATCH', '/_api/vitrine/v1/shop-settings', body);

/** The page's text as a reader sees it (tags dropped, entities read). */
const textOf = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/**
 * A guest order placed at PLACED_AT, then paid: answers the payment-received mail (made after the
 * date was set) and the order's status page from the signed link of its mails.
 */
async function paidOrderPlacedAtFixedTime() {
  const email = uniqueEmail('zone');
  const mug = await stockedProduct(server, { name: 'Zone mug', quantity: 5 });
  const order = await placedOrder(server, [{ productId: mug._id }], { email });
  await server.database.db
    .updateTable('orders')
    .set({ created_date: new Date(PLACED_AT) })
    .where('id', '=', order.id)
    .execute();
  expect((await orderAction(server, order.id, 'mark-as-paid')).status).toBe(200);
  const [paid] = await mailsTo(server.url, email);
  expect(paid.subject).toContain('Payment received');
  const link = /https?:\/\/\S+\/orders\/\S+\/status\?token=[\w-]+/.exec(paid.text)?.[0] as string;
  const page = await new FormClient(server.url).get(link);
  expect(page.status).toBe(200);
  return { order, mail: paid, page, email };
}

describe('dates in the shop’s time zone (#20)', () => {
  it.each([
    ['Pacific/Auckland', '27 November 2026, 12:30 GMT+13'],
    ['America/Los_Angeles', '26 November 2026, 15:30 GMT-8'],
  ])('a shop in %s shows the order placed at 23:30 UTC as placed %s, in its mail and on its status page', async (zone, local) => {
    expect((await settings({ timeZone: zone })).status).toBe(200);
    const { mail, page } = await paidOrderPlacedAtFixedTime();
    expect(mail.text).toContain(`Placed ${local}`);
    expect(textOf(mail.html)).toContain(`Placed ${local}`);
    expect(textOf(page.html)).toContain(`Placed ${local}`);
  });

  it('refuses a time zone that is not an IANA name, with the field named, and keeps the one set', async () => {
    await settings({ timeZone: 'Europe/Berlin' });
    const refused = await settings({ timeZone: 'Mars/Olympus_Mons' });
    expect(refused.status).toBe(400);
    expect(refused.body.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({ field: 'timeZone', description: expect.stringContaining('IANA time zone') }),
    ]);
    expect((await merchantCall(server, 'GET', '/_api/vitrine/v1/shop-settings')).body.settings.timeZone).toBe('Europe/Berlin');
  });
});

describe('the shop’s contact e-mail and address (#20)', () => {
  const footerOf = (page: Page) => /<footer class="shop-footer">[\s\S]*?<\/footer>/.exec(page.html)?.[0] ?? '';

  it('are in every mail’s footer and on the status page, a mailto link, merchant text escaped', async () => {
    await settings({
      shopName: hostile,
      contactEmail: 'help@corner.test',
      address: { addressLine: '5 Elm <Street>', city: 'Berlin', postalCode: '10115', country: 'DE' },
    });
    const { mail, page } = await paidOrderPlacedAtFixedTime();
    expect(mail.text).toContain(
      `-- \nYou receive this e-mail because you ordered at ${hostile}.\nQuestions about your order? help@corner.test\n${hostile}, 5 Elm <Street>, Berlin, 10115, Germany\n`,
    );
    expect(mail.html).toContain('<a href="mailto:help@corner.test"');
    expect(mail.html).toContain('&lt;b&gt;Corner&lt;/b&gt; &amp; &quot;Sons&quot;, 5 Elm &lt;Street&gt;, Berlin, 10115, Germany');
    expect(mail.html).not.toContain('<b>Corner');

    const footer = footerOf(page);
    expect(footer).toContain('Questions about your order? <a href="mailto:help@corner.test">help@corner.test</a>');
    expect(textOf(footer)).toContain(`${hostile}, 5 Elm <Street>, Berlin, 10115, Germany`);
    expect(page.html).not.toContain('<b>Corner');
  });

  it('are on the order confirmation page', async () => {
    await settings({
      shopName: 'Corner Shop',
      contactEmail: 'help@corner.test',
      address: { addressLine: '5 Elm St', city: 'Berlin', postalCode: '10115', country: 'DE' },
    });
    const mug = await stockedProduct(server, { quantity: 5 });
    const order = await placedOrder(server, [{ productId: mug._id }]);
    const checkoutId = (
      await server.database.db.selectFrom('checkouts').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow()
    ).id;
    const page = await new FormClient(server.url).get(`/checkout/${checkoutId}/complete`);
    expect(page.status).toBe(200);
    expect(footerOf(page)).toContain('Questions about your order? <a href="mailto:help@corner.test">help@corner.test</a>');
    expect(textOf(footerOf(page))).toContain('Corner Shop, 5 Elm St, Berlin, 10115, Germany');
  });

  it('leave no line, link or empty footer when the merchant set neither', async () => {
    await settings({ shopName: 'Plain Shop', contactEmail: null, address: null });
    const { mail, page } = await paidOrderPlacedAtFixedTime();
    expect(mail.text.endsWith('-- \nYou receive this e-mail because you ordered at Plain Shop.\n')).toBe(true);
    expect(mail.html).not.toContain('mailto:');
    expect(mail.html).not.toContain('Questions');
    expect(page.html).not.toContain('<footer');
    expect(page.html).not.toContain('Questions');
  });
});
