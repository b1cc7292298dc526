/**
 * The cart's answers are serialised from their response schemas (`answer-schemas.ts`), which leave
 * out whatever they do not name: these tests hold every part of a cart against the event the same
 * write recorded, whose payload is the view as `JSON.stringify` made it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_ID, newVisitor, ref } from '../../../test/support/cart-clients.js';
import { type InsertedProduct, insertProduct } from '../../../test/support/catalog-fixtures.js';
import { type Answer, send } from '../../../test/support/http.js';
import { lastEventEntity } from '../../../test/support/order-fixtures.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';

const server = testServerForFile();
let mug: InsertedProduct;
let tee: InsertedProduct;

beforeAll(async () => {
  const db = server.database.db;
  mug = await insertProduct(db, {
    name: 'Blue mug',
    sku: 'MUG',
    price: '12.00',
    discount: { type: 'AMOUNT', value: '2.00' },
    weight: '0.5',
    options: [{ name: 'Size', choices: ['S', 'L'] }],
    media: [
      { id: 'mug-1', mediaType: 'image', image: { url: 'https://cdn.example.com/mug.jpg', width: 800, height: 600, altText: 'A mug' } },
    ],
  });
  tee = await insertProduct(db, {
    name: 'Tee',
    options: [{ name: 'Color', optionType: 'color', choices: [{ value: 'Red', description: '#ff0000' }, { value: 'Blue' }] }],
  });
  await db
    .insertInto('coupons')
    .values({ code: 'BIGSPEND', name: 'Big spend', kind: 'PERCENT', value: '10', minimum_subtotal: '500' })
    .execute();
});

/** One call of the current cart with these credentials. */
function cartCall(authorization: string, method: string, path: string, body?: unknown): Promise<Answer> {
  return send(`${server.url}/ecom/v1/carts/current${path}`, {
    method,
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('the cart answers', () => {
  it('carry every part of the cart the write recorded in its event', async () => {
    const { tokens } = await newVisitor(server);
    const shopper = tokens.access_token;
    const merchant = `${shopper},${server.apiKey}`;
    const writes: [string, string, string, unknown][] = [
      [
        shopper,
        'POST',
        '/add-to-cart',
        { lineItems: [{ ...ref(mug.id, { options: { Size: 'L' } }), quantity: 2 }, ref(tee.id, { options: { Color: 'Red' } })] },
      ],
      [
        merchant,
        'POST',
        '/add-to-cart',
        {
          lineItems: [
            {
              catalogReference: { catalogItemId: mug.id, appId: APP_ID, options: { options: { Size: 'S' } } },
              catalogOverrideFields: { productName: { original: 'Engraved mug' }, price: '20.00', descriptionLines: [{ note: 'For Ann' }] },
              serviceProperties: { scheduledDate: '2030-01-01T10:00:00Z', numberOfParticipants: 2 },
            },
          ],
          customLineItems: [
            {
              productName: { original: 'Gift wrap', translated: 'Paquet cadeau' },
              price: '2.50',
              fullPrice: '3.00',
              priceDescription: { original: 'per parcel' },
              url: { relativePath: '/gift-wrap' },
              itemType: { custom: 'SERVICE_FEE' },
              descriptionLines: [{ name: { original: 'Paper' }, plainText: { original: 'Red' }, lineType: 'PLAIN_TEXT' }],
              media: { id: 'wrap', url: 'https://cdn.example.com/wrap.jpg', width: 10 },
              physicalProperties: { weight: '0.1', sku: 'WRAP' },
            },
          ],
        },
      ],
      [
        merchant,
        'PATCH',
        '',
        {
          couponCode: 'BIGSPEND',
          merchantDiscounts: [{ amount: '1.00' }, { percentage: 5, lineItemIds: [] }],
          cartInfo: {
            buyerNote: 'Ring twice',
            buyerInfo: { email: 'ann@example.com' },
            contactInfo: {
              address: { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001', addressLine: '1 Main St' },
              contactDetails: { firstName: 'Ann', lastName: 'Lee', phone: '+1 555 0100' },
            },
            selectedShippingOption: { code: 'standard' },
          },
        },
      ],
      [shopper, 'POST', '/update-line-items-quantity', undefined],
    ];
    let cart: { id: string; lineItems: { id: string }[] } | undefined;
    for (const [authorization, method, path, body] of writes) {
      const payload = body ?? { lineItems: [{ id: cart?.lineItems[0]?.id, quantity: 3 }] };
      const answer = await cartCall(authorization, method, path, payload);
      expect(answer.status, answer.text).toBe(200);
      cart = (answer.body as { cart: NonNullable<typeof cart> }).cart;
      expect(cart).toEqual(await lastEventEntity(server, cart.id));
    }
    // every optional part is there to be dropped
    expect(cart).toMatchObject({
      calculationErrors: { couponCalculationError: { applicationError: { code: expect.any(String) } } },
      contactInfo: { address: { city: 'New York' }, contactDetails: { firstName: 'Ann' } },
      buyerNote: 'Ring twice',
      selectedShippingOption: { code: 'standard' },
      buyerInfo: { email: 'ann@example.com' },
    });
    const read = await cartCall(shopper, 'GET', '');
    expect((read.body as { cart: unknown }).cart).toEqual(cart);
  });
});
