/**
 * Checkout test setup: a product (tracked stock) created through the merchant API, shipping options
 * and coupons through the pricing service, and shopper SDK clients (visitor or member) with the
 * modules a checkout uses. Shared by the checkout domain's tests.
 */
import { ApiKeyStrategy, type Client, createClient, OAuthStrategy, type OAuthStrategyInstance, type Product } from '@vitrine/sdk';
import { currentCart, orders } from '@vitrine/sdk/ecom';
import { redirects } from '@vitrine/sdk/redirects';
import { products } from '@vitrine/sdk/stores';
import { slotOptionCode } from '../../src/domains/cart/totals/shipping.js';
import { pickupSlots } from '../../src/seed/demo-pricing.js';
import { FormClient, type Page } from './form-client.js';
import { memberTokens } from './http.js';
import { uniqueEmail } from './mailbox.js';
import { TEST_CLIENT_ID, type TestServer } from './test-server.js';

/** The catalogue's appId, as storefront code sends it. */
export const CATALOG_APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';

// Typed by name: the declaration of an inferred module map would need the SDK's internal `Call` type.
const MERCHANT_MODULES: { products: typeof products; orders: typeof orders } = { products, orders };
const SHOPPER_MODULES: { currentCart: typeof currentCart; orders: typeof orders; redirects: typeof redirects } = {
  currentCart,
  orders,
  redirects,
};

/** The merchant's SDK client (API key). */
export type MerchantClient = Client<typeof MERCHANT_MODULES, ReturnType<typeof ApiKeyStrategy>>;
/** A shopper's SDK client (visitor or member tokens). */
export type ShopperClient = Client<typeof SHOPPER_MODULES, OAuthStrategyInstance>;

export function merchantClient(server: TestServer): MerchantClient {
  return createClient({ host: server.url, modules: MERCHANT_MODULES, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });
}

/** A new visitor's SDK client (it gets its visitor tokens on the first call). */
export function visitorClient(server: TestServer): ShopperClient {
  return createClient({ host: server.url, modules: SHOPPER_MODULES, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
}

/** A new member's SDK client (registered, tokens bought with the merchant key), its id and its e-mail. */
export async function memberClient(server: TestServer): Promise<{ client: ShopperClient; memberId: string; email: string }> {
  const email = uniqueEmail('buyer');
  const issued = await memberTokens(server.url, server.apiKey, email, 'correct horse battery');
  const tokens = {
    accessToken: { value: issued.access_token, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
    refreshToken: { value: issued.refresh_token, role: 'member' as const },
  };
  const client = createClient({ host: server.url, modules: SHOPPER_MODULES, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID, tokens }) });
  return { client, memberId: issued.memberId, email };
}

/** A visible, tracked product with `quantity` units at `price`. */
export async function stockedProduct(server: TestServer, options: { name?: string; price?: number; quantity: number; weight?: number }) {
  const { product } = await merchantClient(server).products.createProduct({
    name: options.name ?? `Mug ${crypto.randomUUID().slice(0, 6)}`,
    priceData: { price: options.price ?? 10 },
    stock: { trackInventory: true, quantity: options.quantity },
    ...(options.weight !== undefined ? { weight: options.weight } : {}),
  } as Product);
  return product as Product & { _id: string };
}

/** The product's tracked quantity now (merchant view). */
export async function quantityOf(server: TestServer, productId: string): Promise<number | undefined> {
  const { product } = await merchantClient(server).products.getProduct(productId, { includeMerchantSpecificData: true });
  return product?.stock?.quantity ?? undefined;
}

/** A catalogue line of the add-to-cart input. */
export const lineOf = (productId: string, quantity = 1) => ({
  catalogReference: { catalogItemId: productId, appId: CATALOG_APP_ID },
  quantity,
});

/** Shipping to the US: "standard" (flat 5.00) and "pickup" (store pickup, free). Idempotent per server. */
export async function usShipping(server: TestServer): Promise<void> {
  const admin = server.services.pricing.shipping;
  if ((await admin.listRegions()).some((shippingRegion) => shippingRegion.name === 'United States')) return;
  const region = await admin.createRegion({ name: 'United States', countries: ['US'] });
  await admin.addOption(region.id, { code: 'standard', title: 'Standard shipping', kind: 'FLAT', price: '5.00', deliveryTime: '3–5 days' });
  await admin.addOption(region.id, {
    code: 'pickup',
    title: 'Store pickup',
    kind: 'PICKUP',
    price: '0',
    pickup: {
      method: 'STORE_PICKUP',
      address: { addressLine: '9 Market St', city: 'Springfield', country: 'US' },
      instructions: 'Bring your order number',
    },
  });
}

/**
 * A pickup in New York with two time slots a day for two weeks (the demo shop's), added to the US
 * region of `usShipping` (call that first). Answers the option's code and its first slot's code.
 */
export async function newYorkPickup(server: TestServer): Promise<{ code: string; firstSlotCode: string }> {
  const admin = server.services.pricing.shipping;
  const region = (await admin.listRegions()).find((shippingRegion) => shippingRegion.name === 'United States');
  if (!region) throw new Error('newYorkPickup: call usShipping first');
  const slots = pickupSlots(new Date());
  if (!region.options?.some((option) => option.code === 'ny-pickup'))
    await admin.addOption(region.id, {
      code: 'ny-pickup',
      title: 'Store pickup (New York)',
      kind: 'PICKUP',
      price: '0',
      pickup: {
        method: 'STORE_PICKUP',
        address: { addressLine: '148 Mercer St', city: 'New York', country: 'US' },
        timeZone: 'America/New_York',
      },
      timeSlots: slots,
    });
  return { code: 'ny-pickup', firstSlotCode: slotOptionCode('ny-pickup', slots[0] as { from: string; to: string }) };
}

/** A US address as the wire carries it. */
export const US_ADDRESS = { addressLine: '1 Main St', city: 'Springfield', postalCode: '62701', subdivision: 'US-IL', country: 'US' };

/**
 * Places the checkout through the hosted page (form posts) as a buyer does: the details with
 * "Update", then "Place order" on the page that shows their totals. Answers the place post's answer.
 */
export async function placeThroughPage(server: TestServer, shop: ShopperClient, checkoutId: string) {
  const { redirectSession } = await shop.redirects.createRedirectSession({ ecomCheckout: { checkoutId } });
  const browser = new FormClient(server.url);
  const page = await browser.get(redirectSession?.fullUrl as string);
  return placeFromPage(browser, page, hostedFormFields(uniqueEmail('stock')));
}

/** The hosted checkout form's fields for `US_ADDRESS`, shipped by "standard", paid by bank transfer. */
export const hostedFormFields = (email: string) => ({
  email,
  firstName: 'Ada',
  lastName: 'Lovelace',
  addressLine: US_ADDRESS.addressLine,
  city: US_ADDRESS.city,
  postalCode: US_ADDRESS.postalCode,
  subdivision: US_ADDRESS.subdivision,
  country: 'US',
  shippingOption: 'standard',
  billingSame: 'on',
  paymentMethod: 'bank-transfer',
});

/** A product with a colour option as the console's form makes one: each choice's name as its description, its swatch as its value. */
export async function swatchProduct(server: TestServer, name: string) {
  const { product } = await merchantClient(server).products.createProduct({
    name,
    priceData: { price: 20 },
    productOptions: [
      {
        name: 'Color',
        optionType: 'color',
        choices: [
          { description: 'Forest green', value: '#2a6f4e' },
          { description: 'Sand', value: '#d8c3a5' },
        ],
      },
    ],
  } as Product);
  return product as Product & { _id: string; slug: string };
}

/** Fills the hosted checkout form and asks for its totals ("Update"): the page a buyer places the order from. */
export async function quotedPage(browser: FormClient, page: Page, fields: Record<string, string>): Promise<Page> {
  const placeForm = page.form('/place');
  return browser.follow(await browser.submit({ ...placeForm, action: placeForm.action.replace(/\/place$/, '') }, fields));
}

/** Fills the form, sees the totals for it, then places the order from that page, as a buyer would. */
export async function placeFromPage(browser: FormClient, page: Page, fields: Record<string, string>): Promise<Page> {
  return browser.submit((await quotedPage(browser, page, fields)).form('/place'), fields);
}

/**
 * Places an order of these catalogue lines for `shop` (a new visitor unless given), shipped to the
 * US by "standard" and paid by bank transfer, through the checkout services (no hosted page: order
 * tests need many orders). Call `usShipping(server)` first. Answers the order as the wire shows it.
 */
export async function placedOrder(
  server: TestServer,
  lines: { productId: string; quantity?: number; variantId?: string }[],
  options: {
    shop?: ShopperClient;
    email?: string;
    coupon?: string;
    recipient?: { firstName?: string; lastName?: string };
    /** the shipping option's code (a time slot's code for a slot): `standard` unless given */
    shippingOption?: string;
  } = {},
) {
  const shop = options.shop ?? visitorClient(server);
  await shop.currentCart.addToCurrentCart({
    lineItems: lines.map((line) => ({
      catalogReference: {
        catalogItemId: line.productId,
        appId: CATALOG_APP_ID,
        ...(line.variantId ? { options: { variantId: line.variantId } } : {}),
      },
      quantity: line.quantity ?? 1,
    })),
  });
  if (options.coupon) await shop.currentCart.updateCurrentCart({ couponCode: options.coupon });
  const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
  const { checkout, placement } = server.services.checkout;
  await checkout.saveDetails(checkoutId as string, {
    email: options.email ?? uniqueEmail('order'),
    shippingAddress: US_ADDRESS,
    selectedShippingOption: { code: options.shippingOption ?? 'standard' },
    ...(options.recipient ? { contactDetails: options.recipient } : {}),
  });
  return (await placement.place(checkoutId as string, 'bank-transfer')).order;
}
