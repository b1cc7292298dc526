import { sanitizeRichText } from '@vitrine/rich-text';
import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from './demo-catalog.js';

describe('the demo catalogue’s rich text', () => {
  it.each(DEMO_PRODUCTS.map((demoProduct) => [demoProduct.slug, demoProduct] as const))(
    'of %s survives sanitising unchanged (#18)',
    (_slug, demoProduct) => {
      expect(sanitizeRichText(demoProduct.description)).toBe(demoProduct.description);
      for (const section of demoProduct.info ?? []) expect(sanitizeRichText(section.description)).toBe(section.description);
    },
  );
});
