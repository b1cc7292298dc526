import { describe, expect, it } from 'vitest';
import { lineOptionsText } from './line-options.js';

describe('lineOptionsText', () => {
  it('writes each option as "name: value", in order, joined by commas', () => {
    expect(
      lineOptionsText([
        { name: 'Size', value: 'M' },
        { name: 'Color', value: 'Forest' },
      ]),
    ).toBe('Size: M, Color: Forest');
  });

  it('is empty for a line without options', () => {
    expect(lineOptionsText(undefined)).toBe('');
    expect(lineOptionsText([])).toBe('');
  });

  it('shows an option without a name by its value and leaves out one without a value', () => {
    expect(lineOptionsText([{ value: 'Engraved' }, { name: 'Size' }, { name: 'Color', value: 'Blue' }])).toBe('Engraved, Color: Blue');
  });
});
