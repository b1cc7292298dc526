import { describe, expect, it } from 'vitest';
import { hasTerms, readSearchText } from './search-text.js';

describe('reading a search text (#22)', () => {
  it.each([
    ['blue hoodie', { words: ['blue', 'hoodie'], lastIsPrefix: true, phrases: [], excluded: [] }],
    ['blue hoodie ', { words: ['blue', 'hoodie'], lastIsPrefix: false, phrases: [], excluded: [] }],
    ['"blue mug" tall', { words: ['tall'], lastIsPrefix: true, phrases: ['blue mug'], excluded: [] }],
    ['mug -red -"gift box"', { words: ['mug'], lastIsPrefix: false, phrases: [], excluded: ['red', 'gift box'] }],
    ['Crème BRÛLÉE', { words: ['creme', 'brulee'], lastIsPrefix: true, phrases: [], excluded: [] }],
    ['MUG-001', { words: ['mug', '001'], lastIsPrefix: true, phrases: [], excluded: [] }],
    ['"unclosed phrase', { words: [], lastIsPrefix: false, phrases: ['unclosed phrase'], excluded: [] }],
    ['mug mug', { words: ['mug'], lastIsPrefix: true, phrases: [], excluded: [] }],
  ])('reads %j', (text, expected) => {
    expect(readSearchText(text)).toEqual({ text: text.trim(), ...expected });
  });

  it.each([[''], ['   '], ['!!!'], ['-'], ['""'], ['<>&|']])('finds no terms in %j', (text) => {
    expect(hasTerms(readSearchText(text))).toBe(false);
  });

  it('keeps at most 8 words', () => {
    expect(readSearchText('a b c d e f g h i j').words).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });
});
