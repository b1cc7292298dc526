import { describe, expect, it } from 'vitest';
import type { Conversions, Declaration } from '../transport/declaration.js';
import { authentication } from './authentication.js';
import { currentCart } from './cart.js';
import { collections } from './collections.js';
import { products } from './products.js';
import { productsWrite } from './products-write.js';
import { recovery } from './recovery.js';
import { redirects } from './redirects.js';
import { verification } from './verification.js';

const modules: Record<string, Record<string, Declaration>> = {
  currentCart,
  redirects,
  // the writes in `products` load on first call (later.test.ts): their declarations are checked here
  products: { ...products, ...productsWrite },
  collections,
  authentication,
  recovery,
  verification,
};

/**
 * Every call: its wire request, and the spec section 7 line it implements (the wire path is the
 * spec's path under the module's base path; `null`: not in the spec, kept by rule D20 or Vitrine's own).
 */
const WIRE: Record<string, [string, string | null]> = {
  'currentCart.getCurrentCart': ['GET /ecom/v1/carts/current', 'GET /v1/carts/current'],
  'currentCart.updateCurrentCart': ['PATCH /ecom/v1/carts/current', 'PATCH /v1/carts/current'],
  'currentCart.deleteCurrentCart': ['DELETE /ecom/v1/carts/current', 'DELETE /v1/carts/current'],
  'currentCart.addToCurrentCart': ['POST /ecom/v1/carts/current/add-to-cart', 'POST /v1/carts/current/add-to-cart'],
  'currentCart.removeLineItemsFromCurrentCart': [
    'POST /ecom/v1/carts/current/remove-line-items',
    'POST /v1/carts/current/remove-line-items',
  ],
  'currentCart.createCheckoutFromCurrentCart': ['POST /ecom/v1/carts/current/create-checkout', 'POST /v1/carts/current/create-checkout'],
  'currentCart.removeCouponFromCurrentCart': ['POST /ecom/v1/carts/current/remove-coupon', 'POST /v1/carts/current/remove-coupon'],
  'currentCart.updateCurrentCartLineItemQuantity': [
    'POST /ecom/v1/carts/current/update-line-items-quantity',
    'POST /v1/carts/current/update-line-items-quantity',
  ],
  'currentCart.estimateCurrentCartTotals': ['POST /ecom/v1/carts/current/estimate-totals', 'POST /v1/carts/current/estimate-totals'],
  'redirects.createRedirectSession': ['POST /_api/redirects-api/v1/redirect-session', 'POST /v1/redirect-session'],
  'collections.getCollection': ['GET /stores-reader/v2/collections/{id}', 'GET /v2/collections/{id}'],
  'collections.getCollectionBySlug': ['GET /stores-reader/v2/collections/slug/{slug}', 'GET /v2/collections/slug/{slug}'],
  'collections.queryCollections': ['GET /stores-reader/v2/collections/query', 'GET /v2/collections/query'],
  'products.getProduct': ['GET /stores-reader/v1/products/{id}', 'GET /v1/products/{id}'],
  'products.queryProducts': ['GET /stores-reader/v1/products/query-platformized', 'GET /v1/products/query-platformized'],
  'products.getCollectionBySlug': ['GET /v1/collections/slug/{slug}', 'GET /v1/collections/slug/{slug}'],
  'products.getProductOptionsAvailability': [
    'POST /stores-reader/v1/products/{id}/productOptionsAvailability',
    'POST /v1/products/{id}/productOptionsAvailability',
  ],
  'products.queryProductVariants': ['POST /stores-reader/v1/products/{id}/variants/query', 'POST /v1/products/{id}/variants/query'],
  'products.queryStoreVariants': ['POST /stores-reader/v1/variants/query', 'POST /v1/variants/query'],
  'products.getStoreVariant': ['GET /stores-reader/v1/variants/{id}', 'GET /v1/variants/{id}'],
  'products.createProduct': ['POST /stores/v1/products', 'POST /v1/products'],
  'products.updateProduct': ['PATCH /stores/v1/products/{product.id}', 'PATCH /v1/products/{product.id}'],
  'products.deleteProduct': ['DELETE /stores/v1/products/{id}', 'DELETE /v1/products/{id}'],
  'products.updateProductVariants': ['PATCH /stores/v1/products/{id}/variants', 'PATCH /v1/products/{id}/variants'],
  'products.resetAllProductVariantData': [
    'POST /stores/v1/products/{id}/variants/resetToDefault',
    'POST /v1/products/{id}/variants/resetToDefault',
  ],
  'products.addProductsToCollection': ['POST /stores/v1/collections/{id}/productIds', 'POST /v1/collections/{id}/productIds'],
  'products.removeProductsFromCollection': [
    'POST /stores/v1/collections/{id}/productIds/delete',
    'POST /v1/collections/{id}/productIds/delete',
  ],
  'products.addProductMedia': ['POST /stores/v1/products/{id}/media', 'POST /v1/products/{id}/media'],
  'products.removeProductMedia': ['POST /stores/v1/products/{id}/media/delete', 'POST /v1/products/{id}/media/delete'],
  'products.reorderProductMedia': ['POST /stores/v1/products/{id}/media/reorder', null],
  'products.setProductMediaAltText': ['POST /stores/v1/products/{id}/media/alt-text', null],
  'products.addProductMediaToChoices': ['PATCH /stores/v1/products/{id}/choices/media', 'PATCH /v1/products/{id}/choices/media'],
  'products.removeProductMediaFromChoices': [
    'POST /stores/v1/products/{id}/choices/media/delete',
    'POST /v1/products/{id}/choices/media/delete',
  ],
  'products.deleteProductOptions': ['DELETE /stores/v1/products/{id}/options', 'DELETE /v1/products/{id}/options'],
  'products.removeBrand': ['POST /stores/v1/products/{id}/remove-brand', 'POST /v1/products/{id}/remove-brand'],
  'products.removeRibbon': ['POST /stores/v1/products/{id}/remove-ribbon', 'POST /v1/products/{id}/remove-ribbon'],
  'products.createCollection': ['POST /stores/v1/collections', 'POST /v1/collections'],
  'products.updateCollection': ['PATCH /stores/v1/collections/{collection.id}', 'PATCH /v1/collections/{collection.id}'],
  'products.deleteCollection': ['DELETE /stores/v1/collections/{id}', 'DELETE /v1/collections/{id}'],
  'products.bulkUpdateProductsProperty': ['POST /stores/v1/bulk/products/update', 'POST /v1/bulk/products/update'],
  'products.bulkAdjustProductProperty': ['POST /stores/v1/bulk/products/adjust-properties', 'POST /v1/bulk/products/adjust-properties'],
  'products.writeProxyCreateProductPlatformized': ['POST /v2/products-platformized', 'POST /v2/products-platformized'],
  'products.writeProxyUpdateProductPlatformized': [
    'PATCH /v2/products-platformized/{product.id}',
    'PATCH /v2/products-platformized/{product.id}',
  ],
  'products.writeProxyDeleteProductPlatformized': ['DELETE /v2/products-platformized/{id}', 'DELETE /v2/products-platformized/{id}'],
  'authentication.register': ['POST /_api/iam/authentication/v1/register', 'POST /v1/register'],
  'authentication.login': ['POST /_api/iam/authentication/v1/login', 'POST /v1/login'],
  'authentication.registerV2': ['POST /_api/iam/authentication/v2/register', 'POST /v2/register'],
  'authentication.loginV2': ['POST /_api/iam/authentication/v2/login', 'POST /v2/login'],
  'authentication.changePassword': ['POST /_api/iam/authentication/v2/change-password', 'POST /v2/change-password'],
  'authentication.loginWithIdpConnectionTokenParams': [
    'POST /_api/iam/authentication/v1/sso/login-with-token-params',
    'POST /v1/sso/login-with-token-params',
  ],
  'authentication.proceedToNextState': ['POST /_api/iam/authentication/v1/state/proceed', 'POST /v1/state/proceed'],
  'authentication.signOn': ['POST /_api/iam/authentication/v2/sign-on', 'POST /v2/sign-on'],
  'authentication.validateEmail': ['POST /_api/iam/authentication/v2/validate-email', null],
  'authentication.logout': ['GET /_api/iam/authentication/v1/logout', 'GET /v1/logout'],
  'recovery.sendRecoveryEmail': ['POST /_api/iam/recovery/v1/send-email', 'POST /v1/send-email'],
  'recovery.sendActivationEmail': ['POST /_api/iam/recovery/v1/activation-email', 'POST /v1/activation-email'],
  'recovery.recover': ['POST /_api/iam/recovery/v1/recover', 'POST /v1/recover'],
  'verification.start': ['POST /_api/iam/verification/v1/Start', 'POST /v1/Start'],
  'verification.verifyDuringAuthentication': ['POST /_api/iam/verification/v1/auth/verify', 'POST /v1/auth/verify'],
  'verification.resendDuringAuthentication': ['POST /_api/iam/verification/v1/auth/resend', 'POST /v1/auth/resend'],
};

/** Calls that resolve to nothing (REFERENCE-NOTES section 5, "void calls"). */
const VOID = [
  'currentCart.deleteCurrentCart',
  'products.deleteProduct',
  'products.resetAllProductVariantData',
  'products.addProductsToCollection',
  'products.removeProductsFromCollection',
  'products.addProductMedia',
  'products.removeProductMedia',
  'products.reorderProductMedia',
  'products.setProductMediaAltText',
  'products.addProductMediaToChoices',
  'products.removeProductMediaFromChoices',
  'products.deleteProductOptions',
  'products.removeBrand',
  'products.removeRibbon',
  'products.deleteCollection',
  'products.writeProxyDeleteProductPlatformized',
  'authentication.changePassword',
  'recovery.sendRecoveryEmail',
  'recovery.sendActivationEmail',
];

/** Calls that resolve to one field of the answer; every other non-void call resolves to the whole answer. */
const PICKED: Record<string, string> = {
  'currentCart.getCurrentCart': 'cart',
  'currentCart.updateCurrentCart': 'cart',
  'collections.getCollection': 'collection',
  'products.writeProxyCreateProductPlatformized': 'product',
  'products.writeProxyUpdateProductPlatformized': 'product',
};

const calls = Object.entries(modules).flatMap(([moduleName, calls]) =>
  Object.entries(calls).map(([callName, declaration]) => [`${moduleName}.${callName}`, declaration] as const),
);
const KINDS = ['dates', 'floats', 'images', 'videos', 'addresses', 'pageUrls', 'fieldMasks', 'bytes', 'fieldNames'] as const;
const paths = (conversions: Conversions = {}) => Object.values(conversions).flatMap((path) => (path as string).split(' '));
const TO_WIRE: Record<string, string> = { _id: 'id', _createdDate: 'createdDate', _updatedDate: 'updatedDate' };

/** The wire payload fields (dotted) each argument spec writes. */
function writtenFields(spec: string): string[] {
  const [, name, keys, path] = /^(\w+)(?:\{(.*)\}|=(.+))?$/.exec(spec) ?? [];
  if (keys !== undefined) return keys.split(',').map((key) => TO_WIRE[key] ?? key);
  return [path ?? TO_WIRE[name] ?? name];
}

describe('module declarations', () => {
  it('declare exactly the calls of the spec-era reference (plus validateEmail, D20, and Vitrine’s reorderProductMedia and setProductMediaAltText)', () => {
    expect(calls.map(([name]) => name).sort()).toEqual(Object.keys(WIRE).sort());
  });

  it.each(calls)('%s sends the recorded method and path', (name, declaration) => {
    expect(declaration.route).toBe(WIRE[name][0]);
  });

  it.each(Object.entries(WIRE).filter(([, [, spec]]) => spec))('%s implements its spec section 7 line', (_name, [wire, spec]) => {
    const [method, path] = (spec as string).split(' ');
    expect(wire.startsWith(`${method} `)).toBe(true);
    expect(wire.endsWith(path)).toBe(true);
  });

  it.each(calls)('%s fills every path parameter from an argument', (_name, declaration) => {
    const written = (declaration.args ?? []).flatMap(writtenFields);
    for (const [, param] of declaration.route.matchAll(/\{([\w.]+)\}/g)) expect(written).toContain(param);
  });

  it.each(calls)('%s has well-formed argument specs', (_name, declaration) => {
    for (const spec of declaration.args ?? []) expect(spec).toMatch(/^\w+(\{\w+(,\w+)*\}|=\w+(\.\w+)*)?$/);
  });

  it.each(calls)('%s converts no field twice', (_name, declaration) => {
    for (const side of [declaration.request, declaration.response]) {
      const all = paths(side);
      expect(all.length).toBe(new Set(all).size);
    }
  });

  it.each(calls)('%s declares only known conversion kinds on well-formed wire paths', (_name, declaration) => {
    for (const side of [declaration.request, declaration.response]) {
      for (const kind of Object.keys(side ?? {})) expect(KINDS).toContain(kind);
      for (const path of paths(side)) expect(path).toMatch(/^[a-zA-Z]\w*(\{\})?(\.[a-zA-Z]\w*(\{\})?)*$/);
    }
  });

  it.each(calls)('%s has no SDK-side names in its wire paths', (_name, declaration) => {
    for (const path of [...paths(declaration.request), ...paths(declaration.response)]) expect(path).not.toMatch(/(^|\.)_/);
    expect(declaration.route).not.toContain('{_');
  });

  it.each(calls)('%s resolves to the recorded part of the answer', (name, declaration) => {
    const expected = VOID.includes(name) ? '-' : (PICKED[name] ?? undefined);
    expect(declaration.returns).toBe(expected);
  });

  it('only GETs of query endpoints use the `.r` encoding and the POST fallback', () => {
    for (const [name, declaration] of calls) {
      const query = name === 'products.queryProducts' || name === 'collections.queryCollections';
      expect([name, Boolean(declaration.queryItems)]).toEqual([name, query]);
      if (query) expect(declaration.route.startsWith('GET ')).toBe(true);
    }
    expect(products.queryProducts.queryItems).toBe('products');
    expect(collections.queryCollections.queryItems).toBe('collections');
  });
});

describe('conversions follow the reference', () => {
  it('update-cart forwards merchantDiscounts and not customLineItems (spec era)', () => {
    expect(currentCart.updateCurrentCart.args).toEqual(['options{cartInfo,couponCode,merchantDiscounts,lineItems}']);
  });

  it('add-to-cart forwards customLineItems, their media, page URL, weight and dates converted (D21)', () => {
    const request = currentCart.addToCurrentCart.request ?? {};
    expect(currentCart.addToCurrentCart.args).toEqual(['options{lineItems,customLineItems}']);
    expect(request.images?.split(' ')).toContain('customLineItems.media');
    expect(request.pageUrls?.split(' ')).toContain('customLineItems.url');
    expect(request.floats?.split(' ')).toContain('customLineItems.physicalProperties.weight');
    expect(request.dates?.split(' ')).toContain('customLineItems.serviceProperties.scheduledDate');
  });

  it('cart answers convert dates, numbers, images, page URLs and the contact address', () => {
    const response = currentCart.getCurrentCart.response ?? {};
    expect(response.dates?.split(' ')).toEqual(
      expect.arrayContaining(['cart.createdDate', 'cart.updatedDate', 'cart.lineItems.serviceProperties.scheduledDate']),
    );
    expect(response.floats?.split(' ')).toEqual(
      expect.arrayContaining(['cart.lineItems.physicalProperties.weight', 'cart.contactInfo.address.geocode.latitude']),
    );
    expect(response.images?.split(' ')).toEqual(['cart.lineItems.image', 'cart.lineItems.catalogOverrideFields.image']);
    expect(response.pageUrls).toBe('cart.lineItems.url');
    expect(response.addresses).toBe('cart.contactInfo.address');
    // a line item's own createdDate stays a string in the latest reference
    expect(response.dates?.split(' ')).not.toContain('cart.lineItems.createdDate');
  });

  it('every cart answer carrying {cart} converts it the same way', () => {
    const cartCalls = Object.values(currentCart).filter((declaration) => declaration.response);
    for (const declaration of cartCalls)
      for (const kind of KINDS)
        for (const path of currentCart.getCurrentCart.response?.[kind]?.split(' ') ?? []) {
          expect(declaration.response?.[kind]?.split(' ')).toContain(path);
        }
  });

  it('a product converts its 32 non-finite number fields and 2 dates wherever it appears', () => {
    for (const [declaration, root] of [
      [products.getProduct, 'product'],
      [productsWrite.createProduct, 'product'],
      [productsWrite.writeProxyUpdateProductPlatformized, 'product'],
      [products.queryProducts, 'products'],
    ] as const) {
      expect(declaration.response?.floats?.split(' ')).toHaveLength(32);
      expect(declaration.response?.dates).toBe(`${root}.lastUpdated ${root}.createdDate`);
      expect(declaration.response?.floats?.split(' ')).toEqual(
        expect.arrayContaining([`${root}.discount.value`, `${root}.variants.variant.costAndProfitData.profitMargin`]),
      );
    }
  });

  it('identity addresses keep their geocode as sent (REFERENCE-NOTES "Known oddities")', () => {
    for (const declaration of [...Object.values(authentication), ...Object.values(recovery), ...Object.values(verification)]) {
      expect([...paths(declaration.request), ...paths(declaration.response)].filter((path) => path.includes('geocode'))).toEqual([]);
    }
    expect(authentication.loginV2.response?.addresses).toBe('identity.identityProfile.addresses.address');
  });

  it('authentication answers convert each additionalData value (a map)', () => {
    expect(authentication.loginV2.response?.dates?.split(' ')).toContain('additionalData{}.dateValue');
    expect(authentication.loginV2.response?.floats?.split(' ')).toContain('additionalData{}.numValue');
  });

  it('the logout page comes back as bytes', () => {
    expect(authentication.logout.response).toEqual({ bytes: 'body' });
  });
});
