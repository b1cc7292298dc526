import { describe, expect, it } from 'vitest';
import type { VariantChoicesView } from './catalogue-view.js';
import { withArticle } from './indefinite-article.js';
import { initialSelection, switchChoice } from './variant-selection.js';

// the demo mug: Mustard is sold out in 15 oz
const mug: VariantChoicesView[] = [
  { id: 'white-11', choices: { Color: 'White', Size: '11 oz' }, inStock: true },
  { id: 'white-15', choices: { Color: 'White', Size: '15 oz' }, inStock: true },
  { id: 'mustard-11', choices: { Color: 'Mustard', Size: '11 oz' }, inStock: true },
  { id: 'mustard-15', choices: { Color: 'Mustard', Size: '15 oz' }, inStock: false },
];
const soldOut: VariantChoicesView[] = [{ id: 's', choices: { Size: 'S' }, inStock: false }];

describe('the product page’s choices (#25)', () => {
  it.each([
    ['the variant the URL names', mug, 'mustard-15', { Color: 'Mustard', Size: '15 oz' }],
    ['the first in stock without one', [mug[3], ...mug.slice(0, 3)], null, { Color: 'White', Size: '11 oz' }],
    ['the first in stock for an unknown id', mug, 'nope', { Color: 'White', Size: '11 oz' }],
    ['the first when all are sold out', soldOut, null, { Size: 'S' }],
    ['nothing without variants', [], null, {}],
  ])('starts on %s', (_, variants, id, expected) => {
    expect(initialSelection(variants, id)).toEqual(expected);
  });

  it.each([
    [
      'keeps the others when the combination is in stock',
      { Color: 'White', Size: '11 oz' },
      'Size',
      '15 oz',
      { Color: 'White', Size: '15 oz' },
    ],
    ['moves the others to one in stock', { Color: 'White', Size: '15 oz' }, 'Color', 'Mustard', { Color: 'Mustard', Size: '11 oz' }],
  ])('%s', (_, selection, name, value, expected) => {
    expect(switchChoice(mug, selection, name, value)).toEqual(expected);
  });

  it('chooses a sold-out combination when that is all there is (the page says "Sold out")', () => {
    expect(switchChoice(soldOut, {}, 'Size', 'S')).toEqual({ Size: 'S' });
  });

  it.each([
    ['the in-stock variant with the choices the URL names', { Color: 'Mustard' }, { Color: 'Mustard', Size: '11 oz' }],
    ['a sold-out one when the URL names it exactly', { Color: 'Mustard', Size: '15 oz' }, { Color: 'Mustard', Size: '15 oz' }],
    ['the first in stock when no variant has the named choices', { Color: 'Plaid' }, { Color: 'White', Size: '11 oz' }],
  ])('starts on %s (#22)', (_, named, expected) => {
    expect(initialSelection(mug, null, named)).toEqual(expected);
  });

  it.each([
    ['amount', 'an amount'],
    ['size', 'a size'],
    ['Edition', 'an Edition'],
  ])('asks for %s with its article ("Choose an amount")', (word, expected) => {
    expect(withArticle(word)).toBe(expected);
  });
});
