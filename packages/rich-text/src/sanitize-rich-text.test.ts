import { describe, expect, it } from 'vitest';
import { HOSTILE, KEPT } from '../test/rich-text-cases.js';
import { sanitizeRichText } from './sanitize-rich-text.js';

describe('sanitizeRichText', () => {
  it.each(HOSTILE)('reduces %s to exactly %s (#18)', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it.each(KEPT)('keeps %s unchanged', (html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('gives the same string when sanitising its own output', () => {
    for (const [input] of HOSTILE) {
      const once = sanitizeRichText(input);
      expect(sanitizeRichText(once)).toBe(once);
    }
  });
});
