// bench/search: the relevance table. 30 queries of the kinds shoppers type (typos, plurals, SKUs,
// option words, phrases, brands, accents, prefixes, exclusions), each with the product that should
// come first, described by what a generated product has (names repeat across a generated catalogue:
// "the first result is a Rustic Oak Vase" is the claim, not one product id).

const named = (text) => (product) => product.name.toLowerCase() === text;
const nameHas =
  (...words) =>
  (product) =>
    words.every((word) => product.name.toLowerCase().split(' ').includes(word));
const hasChoice = (option, value) => (product) =>
  (product.productOptions ?? []).some(
    (productOption) =>
      productOption.name === option && productOption.choices.some((choice) => choice.value === value || choice.description === value),
  );
const all =
  (...tests) =>
  (product) =>
    tests.every((test) => test(product));

/** The queries; `sku` is one generated SKU (`GEN-<tag>-<n>`), read from the catalogue first. */
export function relevanceQueries(sku) {
  const skuNumber = sku.replace(/\d+$/, '42');
  return [
    ['typo', 'mugg', 'a Mug', nameHas('mug')],
    ['typo', 'notebok', 'a Notebook', nameHas('notebook')],
    ['typo', 'blankt', 'a Blanket', nameHas('blanket')],
    ['typo', 'backpak', 'a Backpack', nameHas('backpack')],
    ['typo', 'candel', 'a Candle', nameHas('candle')],
    ['typo', 'cushon', 'a Cushion', nameHas('cushion')],
    ['typo', 'ceramik mug', 'a Ceramic Mug', nameHas('ceramic', 'mug')],
    ['typo', 'rustik oak vase', 'a Rustic Oak Vase', named('rustic oak vase')],
    ['plural', 'mugs', 'a Mug', nameHas('mug')],
    ['plural', 'notebooks', 'a Notebook', nameHas('notebook')],
    ['plural', 'candles', 'a Candle', nameHas('candle')],
    ['plural', 'linen totes', 'a Linen Tote', nameHas('linen', 'tote')],
    ['SKU', sku, `the product ${sku}`, (product) => product.sku === sku],
    ['SKU', skuNumber, `the product ${skuNumber}`, (product) => product.sku === skuNumber],
    ['option', 'navy mug', 'a Mug in Navy', all(nameHas('mug'), hasChoice('Color', 'Navy'))],
    ['option', 'xl tee', 'a Tee in XL', all(nameHas('tee'), hasChoice('Size', 'XL'))],
    ['option', 'forest blanket', 'a Blanket in Forest', all(nameHas('blanket'), hasChoice('Color', 'Forest'))],
    ['phrase', '"linen tote"', 'a Linen Tote', nameHas('linen', 'tote')],
    ['phrase', '"rustic oak"', 'a Rustic Oak …', (product) => product.name.toLowerCase().startsWith('rustic oak ')],
    ['phrase', '"copper lamp"', 'a Copper Lamp', nameHas('copper', 'lamp')],
    ['brand', 'northwind lamp', 'a Northwind Lamp', all(nameHas('lamp'), (product) => product.brand === 'Northwind')],
    ['brand', 'fieldnote notebook', 'a Fieldnote Notebook', all(nameHas('notebook'), (product) => product.brand === 'Fieldnote')],
    ['accents', 'CÉRAMIC BÔWL', 'a Ceramic Bowl', nameHas('ceramic', 'bowl')],
    ['accents', 'nordic wöol', 'a Nordic Wool …', nameHas('nordic', 'wool')],
    ['exclusion', 'mug -ceramic', 'a Mug, not Ceramic', all(nameHas('mug'), (product) => !nameHas('ceramic')(product))],
    ['prefix', 'backp', 'a Backpack', nameHas('backpack')],
    ['prefix', 'vintage lin', 'a Vintage Linen …', nameHas('vintage', 'linen')],
    ['words', 'alpine glass bottle', 'an Alpine Glass Bottle', named('alpine glass bottle')],
    ['words', 'organic cotton apron', 'an Organic Cotton Apron', named('organic cotton apron')],
    ['words', 'bamboo planter', 'a Bamboo Planter', nameHas('bamboo', 'planter')],
  ].map(([kind, text, expected, test]) => ({ kind, text, expected, test }));
}

/** Runs the relevance queries against `search` (a function of a request answering the search answer). */
export async function measureRelevance(search, sku) {
  const rows = [];
  for (const query of relevanceQueries(sku)) {
    const answer = await search({ text: query.text, paging: { limit: 1 } });
    const first = answer.products[0];
    rows.push({ ...query, first: first ? first.name : '(nothing)', total: answer.metadata.total, hit: first ? query.test(first) : false });
  }
  return rows;
}
