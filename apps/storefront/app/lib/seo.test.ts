import { describe, expect, it } from 'vitest';
import type { ProductView } from './catalogue-view.js';
import { productJsonLd } from './seo.js';

const product = (currency: string, price: number, priceRange?: { min: number; max: number }): ProductView => ({
  id: 'p1',
  slug: 'tea-bowl',
  name: 'Tea bowl',
  currency,
  price,
  discountedPrice: price,
  priceRange,
  inStock: true,
  descriptionHtml: '',
  media: [],
  options: [],
  variants: [],
  stock: { inStock: true },
  info: [],
  collectionIds: [],
});

describe("a product's schema.org offer carries prices in the currency's own digits", () => {
  it('yen have no decimals, dollars two', () => {
    expect(productJsonLd(product('JPY', 1500), 'https://shop.test/p').offers).toMatchObject({ price: '1500', priceCurrency: 'JPY' });
    expect(productJsonLd(product('USD', 4.5), 'https://shop.test/p').offers).toMatchObject({ price: '4.50' });
  });

  it('a price range keeps them too', () => {
    const offers = productJsonLd(product('JPY', 1200, { min: 1200, max: 2400 }), 'https://shop.test/p').offers;
    expect(offers).toMatchObject({ '@type': 'AggregateOffer', lowPrice: '1200', highPrice: '2400' });
  });
});
