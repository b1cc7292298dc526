import { createClient } from '@vitrine/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchantClient, newVisitor, ref } from '../../../test/support/cart-clients.js';
import { type InsertedProduct, insertProduct } from '../../../test/support/catalog-fixtures.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';

const server = testServerForFile();
let mug: InsertedProduct;

beforeAll(async () => {
  mug = await insertProduct(server.database.db, { name: 'Mug', price: '10.00' });
});

const CART =
  '{ currentCart { id currency subtotal { amount formattedAmount } lineItems { id quantity productName price { amount } availability } } }';

describe('currentCart (GraphQL)', () => {
  it("answers the caller's cart as the REST read does", async () => {
    const { client } = await newVisitor(server);
    const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [{ ...ref(mug.id), quantity: 3 }] });
    const response = await client.graphql(CART);
    expect(response.errors).toBeUndefined();
    expect(response.data).toEqual({
      currentCart: {
        id: cart?._id,
        currency: 'USD',
        subtotal: { amount: '30.00', formattedAmount: '$30.00' },
        lineItems: [
          {
            id: cart?.lineItems?.[0]?._id,
            quantity: 3,
            productName: { original: 'Mug', translated: 'Mug' },
            price: { amount: '10.00' },
            availability: { status: 'AVAILABLE' },
          },
        ],
      },
    });
  });

  it('answers null before the caller has a cart', async () => {
    const { client } = await newVisitor(server);
    expect((await client.graphql(CART)).data).toEqual({ currentCart: null });
  });

  it('answers UNAUTHENTICATED for an anonymous caller', async () => {
    const anonymous = createClient({ host: server.url, modules: {} });
    const response = await anonymous.graphql(CART);
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('answers PERMISSION_DENIED for a merchant without a shopper', async () => {
    const response = await merchantClient(server).graphql(CART);
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'PERMISSION_DENIED' });
  });
});
