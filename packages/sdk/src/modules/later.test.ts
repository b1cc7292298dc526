import { describe, expect, it } from 'vitest';
import { products } from './products.js';
import { productsWrite } from './products-write.js';

describe('products: merchant writes loaded on first call', () => {
  it('names every write declaration, and each loads the declaration of its own name', async () => {
    const lazy = Object.keys(products).filter((name) => (products as Record<string, { load?: unknown }>)[name].load);
    expect(lazy.sort()).toEqual(Object.keys(productsWrite).sort());
    for (const name of lazy) {
      const loaded = await (products as unknown as Record<string, { load: () => Promise<unknown> }>)[name].load();
      expect(loaded).toBe((productsWrite as Record<string, unknown>)[name]);
    }
  });
});
