/**
 * The inventory history (#24): every writer of stock records each variant's change, in its own
 * transaction, with who (the write's identity), why and, for orders, which order; the merchant reads
 * it per variant and sets stock with a reason; bad input is refused in the wire format.
 */
import { ApiKeyStrategy, createClient, type Product } from '@vitrine/sdk';
import { inventory, products } from '@vitrine/sdk/stores';
import { beforeAll, describe, expect, it } from 'vitest';
import { placedOrder, stockedProduct, visitorClient } from '../../../test/support/checkout-fixtures.js';
import { send } from '../../../test/support/http.js';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { merchantCall, orderAction } from '../../../test/support/merchant-api.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';

const server = usShippingServerForFile();
let apiKeyId: string;
beforeAll(async () => {
  apiKeyId = (await server.database.db.selectFrom('api_keys').select('id').executeTakeFirstOrThrow()).id;
});

const merchant = () =>
  createClient({ host: server.url, modules: { products, inventory }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });
const historyPath = (productId: string, variantId: string) =>
  `/_api/vitrine/v1/inventory/products/${productId}/variants/${variantId}/history`;

/** The variant's history as the wire answers it, newest first. */
async function historyOf(productId: string, variantId: string) {
  const answer = await merchantCall(server, 'GET', historyPath(productId, variantId));
  expect(answer.status).toBe(200);
  return answer.body.changes as Record<string, any>[];
}

/** The ids of the product's variants, in their order. */
async function variantIdsOf(productId: string): Promise<string[]> {
  const { product } = await merchant().products.getProduct(productId, { includeMerchantSpecificData: true });
  return (product?.variants ?? []).map((variant) => variant._id as string);
}

/** A tracked product with one option of two choices, stock counted variant by variant (S: 4, M: 6). */
async function sizedProduct() {
  const { product } = await merchant().products.createProduct({
    name: `Sized ${crypto.randomUUID().slice(0, 6)}`,
    priceData: { price: 20 },
    productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] }],
    stock: { trackInventory: true, quantity: 4 },
  } as Product);
  const id = product?._id as string;
  const [small, medium] = await variantIdsOf(id);
  await merchant().products.updateProductVariants(id, [{ variantIds: [medium], quantity: 6 } as never]);
  return { id, small: small as string, medium: medium as string };
}

const summary = (change: Record<string, any>) => [
  change.reason,
  change.quantityBefore,
  change.quantityAfter,
  change.change,
  change.actor.identityType,
];

describe('what records the inventory history', () => {
  it('a product created with stock: its initial quantity, by the API key that created it', async () => {
    const mug = await stockedProduct(server, { quantity: 7 });
    const [variant] = await variantIdsOf(mug._id);
    const [entry] = await historyOf(mug._id, variant as string);
    expect(entry).toMatchObject({
      productId: mug._id,
      variantId: variant,
      quantityBefore: null,
      quantityAfter: 7,
      change: 7,
      reason: 'INITIAL',
      actor: { identityType: 'APP', id: apiKeyId },
      order: null,
      note: null,
    });
    expect(Date.parse(entry?.createdDate)).not.toBeNaN();
  });

  it('catalogue writes without a reason: a correction, on the variants whose quantity moved only', async () => {
    const { id, small, medium } = await sizedProduct();
    expect((await historyOf(id, medium)).map(summary)).toEqual([
      ['CORRECTION', 4, 6, 2, 'APP'],
      ['INITIAL', null, 4, 4, 'APP'],
    ]);
    expect((await historyOf(id, small)).map(summary)).toEqual([['INITIAL', null, 4, 4, 'APP']]);
    // the product's own stock (one for all variants) reaches each variant: each records it
    const shared = await stockedProduct(server, { quantity: 2 });
    await merchant().products.updateProduct(shared._id, { stock: { trackInventory: true, quantity: 9 } } as Partial<Product>);
    const [only] = await variantIdsOf(shared._id);
    expect((await historyOf(shared._id, only as string)).map(summary)[0]).toEqual(['CORRECTION', 2, 9, 7, 'APP']);
  });

  it('a write that changes no stock records nothing', async () => {
    const mug = await stockedProduct(server, { quantity: 3 });
    await merchant().products.updateProduct(mug._id, { name: 'Renamed mug', priceData: { price: 12 } } as Partial<Product>);
    const [variant] = await variantIdsOf(mug._id);
    expect((await historyOf(mug._id, variant as string)).map((change) => change.reason)).toEqual(['INITIAL']);
  });

  it('a merchant’s stock change with its reason and note', async () => {
    const { id, small } = await sizedProduct();
    const answer = await merchantCall(server, 'POST', `/_api/vitrine/v1/inventory/products/${id}/stock`, {
      variantId: small,
      quantity: 10,
      reason: 'RECEIVED',
      note: 'Delivery 42',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.product.variants.find((variant: { id: string }) => variant.id === small).stock).toMatchObject({
      quantity: 10,
      inStock: true,
    });
    const [entry] = await historyOf(id, small);
    expect(entry).toMatchObject({ reason: 'RECEIVED', quantityBefore: 4, quantityAfter: 10, change: 6, note: 'Delivery 42' });
  });

  it('a product created with nothing in stock records nothing; its first stock, named no reason, is its initial stock (#24)', async () => {
    const { product } = await merchant().products.createProduct({
      name: `Empty ${crypto.randomUUID().slice(0, 6)}`,
      priceData: { price: 20 },
      productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] }],
      stock: { trackInventory: true, quantity: 0 },
    } as Product);
    const id = product?._id as string;
    const [small, medium] = await variantIdsOf(id);
    expect(await historyOf(id, small as string)).toEqual([]);
    await merchant().products.updateProductVariants(id, [{ variantIds: [small], quantity: 5 } as never]);
    expect((await historyOf(id, small as string)).map(summary)).toEqual([['INITIAL', 0, 5, 5, 'APP']]);
    expect(await historyOf(id, medium as string)).toEqual([]);
    await merchant().products.updateProductVariants(id, [{ variantIds: [small], quantity: 3 } as never]);
    expect((await historyOf(id, small as string)).map(summary)[0]).toEqual(['CORRECTION', 5, 3, -2, 'APP']);
  });

  it('names the merchant who changed stock in the console by their e-mail (#24)', async () => {
    const { id, small } = await sizedProduct();
    const email = uniqueEmail('stock-merchant');
    const made = await server.services.merchants.create(email, 'staff');
    const token = await server.services.keys.sign({ sub: made.identity.id, role: 'merchant', client_id: 'vitrine-console' }, 600);
    const answer = await send(`${server.url}/_api/vitrine/v1/inventory/products/${id}/stock`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ variantId: small, quantity: 8, reason: 'RECEIVED' }),
    });
    expect(answer.status).toBe(200);
    const [byMerchant, initial] = await historyOf(id, small);
    expect(byMerchant?.actor).toEqual({ identityType: 'WIX_USER', id: made.identity.id, email });
    // an API key has no e-mail
    expect(initial?.actor).toEqual({ identityType: 'APP', id: apiKeyId });
  });

  it('an order takes its units under its number, by the shopper who placed it; a cancellation gives them back', async () => {
    const mug = await stockedProduct(server, { quantity: 5 });
    const [variant] = (await variantIdsOf(mug._id)) as [string];
    const shop = visitorClient(server);
    const order = await placedOrder(server, [{ productId: mug._id, quantity: 2 }], { shop });
    const [placed] = await historyOf(mug._id, variant);
    expect(placed).toMatchObject({
      reason: 'ORDER',
      quantityBefore: 5,
      quantityAfter: 3,
      change: -2,
      actor: { identityType: 'ANONYMOUS_VISITOR' },
      order: { id: order.id, number: order.number },
    });
    expect(placed?.actor.id).toEqual(expect.any(String));

    expect((await orderAction(server, order.id, 'cancel', { reason: 'Duplicate' })).status).toBe(200);
    const [canceled] = await historyOf(mug._id, variant);
    expect(canceled).toMatchObject({
      reason: 'CANCELLATION',
      quantityBefore: 3,
      quantityAfter: 5,
      change: 2,
      actor: { identityType: 'APP', id: apiKeyId },
      order: { id: order.id, number: order.number },
    });
  });

  it('a refund that restocks gives the units back as a refund of the order', async () => {
    const mug = await stockedProduct(server, { quantity: 5 });
    const [variant] = (await variantIdsOf(mug._id)) as [string];
    const order = await placedOrder(server, [{ productId: mug._id, quantity: 3 }]);
    await orderAction(server, order.id, 'mark-as-paid');
    const line = order.lineItems[0]?.id as string;
    const refunded = await orderAction(server, order.id, 'refund', {
      lineItems: [{ lineItemId: line, quantity: 1 }],
      reason: 'Chipped',
      restock: true,
    });
    expect(refunded.status).toBe(200);
    expect((await historyOf(mug._id, variant)).map(summary).slice(0, 2)).toEqual([
      ['REFUND', 2, 3, 1, 'APP'],
      ['ORDER', 5, 2, -3, 'ANONYMOUS_VISITOR'],
    ]);
  });

  it('a placement refused for want of stock records nothing', async () => {
    const mug = await stockedProduct(server, { quantity: 1 });
    const [variant] = (await variantIdsOf(mug._id)) as [string];
    await expect(placedOrder(server, [{ productId: mug._id, quantity: 2 }])).rejects.toThrow();
    expect((await historyOf(mug._id, variant)).map((change) => change.reason)).toEqual(['INITIAL']);
  });
});

describe('reading the history', () => {
  it('pages newest first with the total, through the SDK with dates as dates', async () => {
    const { id, medium } = await sizedProduct();
    for (const quantity of [1, 2, 3]) await merchant().inventory.adjustStock(id, { variantId: medium, quantity, reason: 'CORRECTION' });
    const page = await merchant().inventory.getVariantHistory(id, medium, { limit: 2, offset: 1 });
    expect(page.total).toBe(5);
    expect(page.changes?.map((change) => change.quantityAfter)).toEqual([2, 1]);
    expect(page.changes?.[0]?._createdDate).toBeInstanceOf(Date);
  });
});

describe('bad input', () => {
  it.each([
    ['an unknown reason', { quantity: 1, reason: 'STOLEN' }, 'reason'],
    ['a negative quantity', { quantity: -1, reason: 'RECEIVED' }, 'quantity'],
    ['a fractional quantity', { quantity: 1.5, reason: 'RECEIVED' }, 'quantity'],
    ['a reason only orders give', { quantity: 1, reason: 'ORDER' }, 'reason'],
    ['an unknown field', { quantity: 1, reason: 'RECEIVED', by: 'me' }, ''],
  ])('refuses %s with a 400 naming the field', async (_name, body, field) => {
    const mug = await stockedProduct(server, { quantity: 1 });
    const answer = await merchantCall(server, 'POST', `/_api/vitrine/v1/inventory/products/${mug._id}/stock`, body);
    expect(answer.status).toBe(400);
    const fields = answer.body.details.validationError.fieldViolations.map((violation: { field: string }) => violation.field);
    expect(fields.join(' ')).toContain(field);
  });

  it('refuses a stock change of a product that does not count its stock, and of an unnamed variant among several', async () => {
    const { product } = await merchant().products.createProduct({ name: 'Untracked', priceData: { price: 3 } } as Product);
    const untracked = await merchantCall(server, 'POST', `/_api/vitrine/v1/inventory/products/${product?._id}/stock`, {
      quantity: 4,
      reason: 'RECEIVED',
    });
    expect(untracked.status).toBe(400);
    expect(untracked.body.details.validationError.fieldViolations[0].field).toBe('quantity');
    const { id } = await sizedProduct();
    const unnamed = await merchantCall(server, 'POST', `/_api/vitrine/v1/inventory/products/${id}/stock`, {
      quantity: 4,
      reason: 'RECEIVED',
    });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.details.validationError.fieldViolations[0].field).toBe('variantId');
  });

  it('answers 404 for a variant of another product or an unknown product, 400 for ids that are not ids', async () => {
    const first = await sizedProduct();
    const second = await sizedProduct();
    const foreign = await merchantCall(server, 'GET', historyPath(first.id, second.small));
    expect([foreign.status, foreign.body.details.applicationError.code]).toEqual([404, 'VARIANT_NOT_FOUND']);
    const unknown = await merchantCall(server, 'POST', `/_api/vitrine/v1/inventory/products/${crypto.randomUUID()}/stock`, {
      quantity: 1,
      reason: 'RECEIVED',
    });
    expect([unknown.status, unknown.body.details.applicationError.code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
    const otherVariant = await merchantCall(server, 'POST', `/_api/vitrine/v1/inventory/products/${first.id}/stock`, {
      variantId: second.small,
      quantity: 1,
      reason: 'RECEIVED',
    });
    expect([otherVariant.status, otherVariant.body.details.applicationError.code]).toEqual([404, 'VARIANT_NOT_FOUND']);
    expect((await merchantCall(server, 'GET', historyPath('nope', first.small))).status).toBe(400);
    expect((await merchantCall(server, 'GET', `${historyPath(first.id, first.small)}?limit=0`)).status).toBe(400);
  });

  it('is the merchant’s only: no credentials or a shopper’s token are refused', async () => {
    const sized = await sizedProduct();
    expect((await send(`${server.url}${historyPath(sized.id, sized.small)}`, { method: 'GET' })).status).toBe(401);
    const shop = visitorClient(server);
    await shop.currentCart.getCurrentCart().catch(() => undefined);
    const token = (await shop.auth.getTokens()).accessToken.value;
    const asShopper = await send(`${server.url}${historyPath(sized.id, sized.small)}`, {
      method: 'GET',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asShopper.status).toBe(403);
  });
});
