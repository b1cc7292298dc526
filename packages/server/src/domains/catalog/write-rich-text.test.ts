import { ApiKeyStrategy, createClient, type Product } from '@vitrine/sdk';
import { products } from '@vitrine/sdk/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const merchant = () => createClient({ host: server.url, modules: { products }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });

async function readBack(id: string) {
  const { product } = await merchant().products.getProduct(id, { includeMerchantSpecificData: true });
  return product as Product;
}

/** Hostile rich text a merchant, an API-key holder or an import may write, and exactly what is stored of it. */
const HOSTILE: [string, string, string][] = [
  ['an image with onerror', '<p>Mug<img src=x onerror=alert(1)></p>', '<p>Mug</p>'],
  ['a script', '<p>Hot<script>alert(document.cookie)</script> coffee</p>', '<p>Hot coffee</p>'],
  ['a javascript: link', '<p><a href="javascript:alert(1)">Care guide</a></p>', '<p>Care guide</p>'],
  ['an event handler', '<p onclick="alert(1)">Click</p>', '<p>Click</p>'],
  ['an iframe', '<iframe src="https://evil.example/"></iframe><p>after</p>', '<p>after</p>'],
  ['an svg with onload', '<svg onload=alert(1)><circle r="4"/></svg><p>shape</p>', '<p>shape</p>'],
  ['a style sheet', '<style>body{display:none}</style><p>styled</p>', '<p>styled</p>'],
];

/** The formatting a shop uses: stored exactly as written. */
const KEPT =
  '<h2>Details</h2><p>A <strong>heavy</strong> <em>diner</em> mug.<br />Holds 350 ml.</p><ul><li>stoneware</li></ul>' +
  '<ol><li><b>b</b> <i>i</i> <u>u</u> <s>s</s></li></ol><blockquote>Best mug</blockquote><h3>Care</h3>' +
  '<p><a href="https://shop.example/care" rel="noopener nofollow">guide</a> <a href="mailto:help@shop.example" rel="noopener nofollow">mail</a></p>';

describe('rich text written through the merchant API (#18)', () => {
  it.each(HOSTILE)('stores the description and sections of a new product without %s', async (_name, html, stored) => {
    const { product } = await merchant().products.createProduct({
      name: 'Mug',
      priceData: { price: 10 },
      description: html,
      additionalInfoSections: [{ title: 'Care', description: html }],
    });
    const read = await readBack(product?._id as string);
    expect(read.description).toBe(stored);
    expect(read.additionalInfoSections).toEqual([{ title: 'Care', description: stored }]);
    expect(product?.description).toBe(stored);
  });

  it.each(HOSTILE)('stores an updated description and sections without %s', async (_name, html, stored) => {
    const { product } = await merchant().products.createProduct({ name: 'Tee', priceData: { price: 10 } });
    const id = product?._id as string;
    await merchant().products.updateProduct(id, { description: html, additionalInfoSections: [{ title: 'Fit', description: html }] });
    const read = await readBack(id);
    expect(read.description).toBe(stored);
    expect(read.additionalInfoSections).toEqual([{ title: 'Fit', description: stored }]);
  });

  it('keeps paragraphs, breaks, lists, emphasis, blockquotes, headings and links unchanged', async () => {
    const { product } = await merchant().products.createProduct({
      name: 'Diner mug',
      priceData: { price: 10 },
      description: KEPT,
      additionalInfoSections: [{ title: 'More', description: KEPT }],
    });
    const read = await readBack(product?._id as string);
    expect(read.description).toBe(KEPT);
    expect(read.additionalInfoSections).toEqual([{ title: 'More', description: KEPT }]);
  });

  it('makes a top-level heading a second-level one and gives every link rel="noopener nofollow"', async () => {
    const { product } = await merchant().products.createProduct({
      name: 'Print',
      priceData: { price: 10 },
      description: '<h1>Print</h1><a href="/collections/prints" target="_blank" rel="opener">more</a>',
    });
    expect((await readBack(product?._id as string)).description).toBe(
      '<h2>Print</h2><a href="/collections/prints" rel="noopener nofollow">more</a>',
    );
  });
});
