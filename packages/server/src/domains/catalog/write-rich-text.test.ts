import type { Product } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { merchantCatalogServer } from '../../../test/support/merchant-catalog.js';

const { merchant, readBack } = merchantCatalogServer();

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

/** The product's rich text in both of its places: the description and one additional-info section. */
const richText = (html: string): Pick<Product, 'description' | 'additionalInfoSections'> => ({
  description: html,
  additionalInfoSections: [{ title: 'Care', description: html }],
});

/** The rich text of a product read back. */
const richTextOf = (product: Product) => ({ description: product.description, additionalInfoSections: product.additionalInfoSections });

/** Creates a product with this rich text: the description the create call answered, and the rich text read back. */
async function created(html: string) {
  const { product } = await merchant().products.createProduct({ name: 'Mug', priceData: { price: 10 }, ...richText(html) });
  return { answered: product?.description, stored: richTextOf(await readBack(product?._id as string)) };
}

describe('rich text written through the merchant API (#18)', () => {
  it.each(HOSTILE)('stores the description and sections of a new product without %s', async (_name, html, stored) => {
    const product = await created(html);
    expect(product.stored).toEqual(richText(stored));
    expect(product.answered).toBe(stored);
  });

  it.each(HOSTILE)('stores an updated description and sections without %s', async (_name, html, stored) => {
    const { product } = await merchant().products.createProduct({ name: 'Tee', priceData: { price: 10 } });
    const id = product?._id as string;
    await merchant().products.updateProduct(id, richText(html));
    expect(richTextOf(await readBack(id))).toEqual(richText(stored));
  });

  it('keeps paragraphs, breaks, lists, emphasis, blockquotes, headings and links unchanged', async () => {
    expect((await created(KEPT)).stored).toEqual(richText(KEPT));
  });

  it('makes a top-level heading a second-level one and gives every link rel="noopener nofollow"', async () => {
    const product = await created('<h1>Print</h1><a href="/collections/prints" target="_blank" rel="opener">more</a>');
    expect(product.answered).toBe('<h2>Print</h2><a href="/collections/prints" rel="noopener nofollow">more</a>');
  });
});
