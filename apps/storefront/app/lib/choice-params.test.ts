import { describe, expect, it } from 'vitest';
import type { OptionView } from './catalogue-view.js';
import { choiceLinkSearch, choicesFromParams, withChoiceParams } from './choice-params.js';

// the demo mug: colours are codes with names, sizes are their own names
const options: OptionView[] = [
  {
    name: 'Color',
    kind: 'color',
    choices: [
      { value: '#f2f1ec', label: 'White', available: true },
      { value: '#1f3a5f', label: 'Navy', available: true },
    ],
  },
  { name: 'Size', kind: 'drop_down', choices: [{ value: '11 oz', label: '11 oz', available: true }] },
];

describe('a product page’s choices in its address (#22)', () => {
  it('names each choice by what the shopper reads, never a colour code, and keeps other parameters', () => {
    const search = withChoiceParams(new URLSearchParams('opt.Color=%23f2f1ec&utm_source=mail'), options, {
      Color: '#1f3a5f',
      Size: '11 oz',
    });
    expect(search.toString()).toBe('utm_source=mail&opt.Color=Navy&opt.Size=11+oz');
  });

  it.each([
    ['names', 'opt.Color=Navy&opt.Size=11+oz', { Color: '#1f3a5f', Size: '11 oz' }],
    ['colour codes of older links', 'opt.Color=%231f3a5f', { Color: '#1f3a5f' }],
    ['nothing it does not know', 'opt.Color=Plaid&opt.Fit=Slim', {}],
  ])('reads %s', (_, query, expected) => {
    expect(choicesFromParams(new URLSearchParams(query), options)).toEqual(expected);
  });

  it.each([
    ['one choice of an option', { Color: ['White'] }, '?opt.Color=White'],
    ['no option with several choices', { Color: ['White', 'Navy'], Size: ['M'] }, '?opt.Size=M'],
    ['nothing without choices', {}, ''],
  ])('links a listing’s products to %s', (_, choices, expected) => {
    expect(choiceLinkSearch(choices)).toBe(expected);
  });
});
