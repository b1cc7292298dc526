import { sanitizeRichText } from '@vitrine/rich-text';
import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from './demo-catalog.js';

describe('the demo catalogue’s rich text', () => {
  it.each(DEMO_PRODUCTS.map((p) => [p.slug, p] as const))('of %s survives sanitising unchanged (#18)', (_slug, p) => {
    expect(sanitizeRichText(p.description)).toBe(p.description);
    for (const section of p.info ?? []) expect(sanitizeRichText(section.description)).toBe(section.description);
  });
});
