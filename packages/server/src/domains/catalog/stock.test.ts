import { ApiKeyStrategy, createClient, type Product } from '@vitrine/sdk';
import { products } from '@vitrine/sdk/stores';
import { describe, expect, it } from 'vitest';
import { CATALOG_APP_ID, placeThroughPage, stockedProduct, visitorClient } from '../../../test/support/checkout-fixtures.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';

const server = usShippingServerForFile();

const merchant = () => createClient({ host: server.url, modules: { products }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });

/** A checkout of one visitor's cart with these catalogue lines. */
async function checkout(lines: { productId: string; variantId?: string; quantity: number }[]) {
  const shop = visitorClient(server);
  await shop.currentCart.addToCurrentCart({
    lineItems: lines.map((line) => ({
      catalogReference: {
        catalogItemId: line.productId,
        appId: CATALOG_APP_ID,
        ...(line.variantId ? { options: { variantId: line.variantId } } : {}),
      },
      quantity: line.quantity,
    })),
  });
  const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
  return { shop, checkoutId: checkoutId as string };
}

const readBack = async (id: string) => (await merchant().products.getProduct(id, { includeMerchantSpecificData: true })).product as Product;

describe('stock reservation at order placement', () => {
  it('takes units from the ordered variant only when variants are managed one by one, and re-derives the product', async () => {
    const { product } = await merchant().products.createProduct({
      name: 'Sized tee',
      priceData: { price: 20 },
      productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] }],
      stock: { trackInventory: true, quantity: 5 },
    } as Product);
    const id = product?._id as string;
    await merchant().products.updateProductVariants(id, [{ choices: { Size: 'S' }, quantity: 1 } as never]);
    const variants = (await readBack(id)).variants ?? [];
    const small = variants.find((variant) => variant.choices?.Size === 'S')?._id as string;

    const first = await checkout([{ productId: id, variantId: small, quantity: 1 }]);
    const second = await checkout([{ productId: id, variantId: small, quantity: 1 }]);
    expect((await placeThroughPage(server, first.shop, first.checkoutId)).status).toBe(303);
    const refused = await placeThroughPage(server, second.shop, second.checkoutId);
    expect(refused.status).toBe(409);
    expect(refused.alert).toContain('Sized tee (1 ordered, 0 left)');

    const after = await readBack(id);
    expect(after.variants?.map((variant) => [variant.choices?.Size, variant.stock?.quantity, variant.stock?.inStock])).toEqual([
      ['S', 0, false],
      ['M', 5, true],
    ]);
    expect(after.stock).toMatchObject({ quantity: 5, inStock: true, inventoryStatus: 'PARTIALLY_OUT_OF_STOCK' });
  });

  it('refuses more units than are left, saying how many are left, and takes none', async () => {
    const mug = await stockedProduct(server, { name: 'Shared mug', quantity: 3 });
    const { shop, checkoutId } = await checkout([{ productId: mug._id, quantity: 2 }]);
    await merchant().products.updateProduct(mug._id, { stock: { quantity: 1 } });
    const refused = await placeThroughPage(server, shop, checkoutId);
    expect(refused.status).toBe(409);
    expect(refused.alert).toContain('Shared mug (2 ordered, 1 left)');
    expect((await readBack(mug._id)).stock?.quantity).toBe(1);
  });

  it('leaves untracked products alone while they are in stock, and refuses them once marked out of stock', async () => {
    const { product } = await merchant().products.createProduct({ name: 'Untracked print', priceData: { price: 4 } });
    const id = product?._id as string;
    const first = await checkout([{ productId: id, quantity: 7 }]);
    expect((await placeThroughPage(server, first.shop, first.checkoutId)).status).toBe(303);
    expect((await readBack(id)).stock).toMatchObject({ trackInventory: false, inStock: true });
    const second = await checkout([{ productId: id, quantity: 1 }]);
    await merchant().products.updateProduct(id, { stock: { inStock: false } });
    expect((await placeThroughPage(server, second.shop, second.checkoutId)).status).toBe(409);
  });

  it('refuses a product hidden since the checkout was made', async () => {
    const mug = await stockedProduct(server, { name: 'Hidden mug', quantity: 3 });
    const { shop, checkoutId } = await checkout([{ productId: mug._id, quantity: 1 }]);
    await merchant().products.updateProduct(mug._id, { visible: false });
    const refused = await placeThroughPage(server, shop, checkoutId);
    expect(refused.status).toBe(409);
    expect(refused.alert).toContain('Hidden mug (1 ordered, 0 left)');
    expect((await readBack(mug._id)).stock?.quantity).toBe(3);
  });
});
