// bench/search: the relevance table. 30 queries of the kinds shoppers type (typos, plurals, SKUs,
// option words, phrases, brands, accents, prefixes, exclusions), each with the product that should
// come first, described by what a generated product has (names repeat across a generated catalogue:
// "the first result is a Rustic Oak Vase" is the claim, not one product id).

// Each test also says how to find such a product without search (`catalogue`, a `queryProducts`
// filter), so that a miss can be told apart from a product the catalogue does not have (a small
// generated catalogue holds only some of the names).
const withFilter = (test, catalogue) => Object.assign(test, { catalogue });
const nameWordsFilter = (words) => ({ $and: words.map((word) => ({ name: { $contains: word } })) });
const named = (text) => withFilter((product) => product.name.toLowerCase() === text, nameWordsFilter(text.split(' ')));
const nameHas = (...words) =>
  withFilter((product) => words.every((word) => product.name.toLowerCase().split(' ').includes(word)), nameWordsFilter(words));
const hasChoice = (option, value) => (product) =>
  (product.productOptions ?? []).some(
    (productOption) =>
      productOption.name === option && productOption.choices.some((choice) => choice.value === value || choice.description === value),
  );
const hasSku = (sku) => withFilter((product) => product.sku === sku, { sku: { $eq: sku } });
const brandIs = (brand) => withFilter((product) => product.brand === brand, { brand: { $eq: brand } });
/**
 * All of the tests; found without search by the filters of those that have one (an option's choices
 * have none: such a query's product is taken to be in the catalogue when its name and brand are).
 */
const all = (...tests) =>
  withFilter((product) => tests.every((test) => test(product)), {
    $and: tests.flatMap((test) => (test.catalogue ? [test.catalogue] : [])),
  });

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
    ['SKU', sku, `the product ${sku}`, hasSku(sku)],
    ['SKU', skuNumber, `the product ${skuNumber}`, hasSku(skuNumber)],
    ['option', 'navy mug', 'a Mug in Navy', all(nameHas('mug'), hasChoice('Color', 'Navy'))],
    ['option', 'xl tee', 'a Tee in XL', all(nameHas('tee'), hasChoice('Size', 'XL'))],
    ['option', 'forest blanket', 'a Blanket in Forest', all(nameHas('blanket'), hasChoice('Color', 'Forest'))],
    ['phrase', '"linen tote"', 'a Linen Tote', nameHas('linen', 'tote')],
    [
      'phrase',
      '"rustic oak"',
      'a Rustic Oak …',
      withFilter((product) => product.name.toLowerCase().startsWith('rustic oak '), { name: { $startsWith: 'rustic oak ' } }),
    ],
    ['phrase', '"copper lamp"', 'a Copper Lamp', nameHas('copper', 'lamp')],
    ['brand', 'northwind lamp', 'a Northwind Lamp', all(nameHas('lamp'), brandIs('Northwind'))],
    ['brand', 'fieldnote notebook', 'a Fieldnote Notebook', all(nameHas('notebook'), brandIs('Fieldnote'))],
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

/**
 * Runs the relevance queries against `search` (a function of a request answering the search answer).
 * `holds(filter)` answers whether a visible product passes a `queryProducts` filter: asked of each
 * miss, so that a product the catalogue lacks is reported as such rather than as a miss.
 */
export async function measureRelevance(search, sku, holds) {
  const rows = [];
  for (const query of relevanceQueries(sku)) {
    const answer = await search({ text: query.text, paging: { limit: 1 } });
    const first = answer.products[0];
    const hit = first ? query.test(first) : false;
    const inCatalogue = hit || (await holds(query.test.catalogue));
    rows.push({ ...query, first: first ? first.name : '(nothing)', total: answer.metadata.total, hit, inCatalogue });
  }
  return rows;
}
