import { describe, expect, it } from 'vitest';
import {
  choicesKey,
  combinationCount,
  type DeriveInput,
  deriveColumns,
  fitsCurrency,
  fromScaled,
  planVariants,
  type StoredOption,
  sameCombinations,
  slugify,
  toScaled,
  uniqueSlug,
} from './product-rules.js';

const opt = (name: string, ...values: string[]): StoredOption => ({
  name,
  optionType: 'drop_down',
  choices: values.map((value) => ({ value })),
});

describe('choice keys', () => {
  it('sorts option names: the key does not depend on the order of the choices', () => {
    expect(choicesKey({ Size: 'L', Color: 'Red' })).toBe('Color=Red|Size=L');
    expect(choicesKey({ Color: 'Red', Size: 'L' })).toBe('Color=Red|Size=L');
  });

  it('is empty for a product without options', () => {
    expect(choicesKey({})).toBe('');
  });

  it('escapes separators so different choices never share a key', () => {
    expect(choicesKey({ A: 'x|B=y' })).not.toBe(choicesKey({ A: 'x', B: 'y' }));
    expect(choicesKey({ 'a=b': 'c' })).toBe('a\\=b=c');
  });
});

describe('variant planning', () => {
  it('makes the cartesian product of the choices, in option then choice order', () => {
    const { variants } = planVariants([opt('Size', 'S', 'M'), opt('Color', 'Red', 'Blue')], []);
    expect(variants.map((variant) => variant.key)).toEqual([
      'Color=Red|Size=S',
      'Color=Blue|Size=S',
      'Color=Red|Size=M',
      'Color=Blue|Size=M',
    ]);
    expect(variants.map((variant) => variant.position)).toEqual([0, 1, 2, 3]);
  });

  it('plans one variant without choices for a product without options', () => {
    expect(planVariants([], []).variants).toEqual([{ choices: {}, key: '', position: 0, existing: undefined }]);
  });

  it('keeps existing variants whose combination remains and removes the others', () => {
    const existing = [
      { id: 'v-s', choices_key: 'Size=S' },
      { id: 'v-m', choices_key: 'Size=M' },
    ];
    const plan = planVariants([opt('Size', 'M', 'L')], existing);
    expect(plan.variants.map((variant) => [variant.key, variant.existing?.id])).toEqual([
      ['Size=M', 'v-m'],
      ['Size=L', undefined],
    ]);
    expect(plan.removed).toEqual(['v-s']);
  });

  it('counts combinations', () => {
    expect(combinationCount([])).toBe(1);
    expect(combinationCount([opt('A', '1', '2', '3'), opt('B', 'x', 'y')])).toBe(6);
  });

  it('tells a change of combinations from a change of descriptions', () => {
    const storedOptions = [opt('Size', 'S')];
    expect(sameCombinations(storedOptions, [{ ...opt('Size', 'S'), optionType: 'color' }])).toBe(true);
    expect(sameCombinations(storedOptions, [opt('Size', 'S', 'M')])).toBe(false);
  });
});

describe('derived columns', () => {
  const product: DeriveInput['product'] = {
    currency: 'USD',
    price: '10',
    discount_type: 'NONE',
    discount_value: '0',
    cost: '4',
    weight: null,
  };
  const variant = (overrides: Partial<DeriveInput['variants'][number]> = {}) => ({
    price: null,
    cost: null,
    weight: null,
    visible: true,
    in_stock: true,
    ...overrides,
  });

  it('ranges the discounted prices of the visible variants', () => {
    const derivedColumns = deriveColumns({
      product: { ...product, discount_type: 'PERCENT', discount_value: '10' },
      variants: [variant(), variant({ price: '20' }), variant({ price: '1', visible: false })],
    });
    expect([derivedColumns.price_min, derivedColumns.price_max]).toEqual(['9.00', '18.00']);
  });

  it('falls back to the product’s discounted price when no variant is visible', () => {
    const derivedColumns = deriveColumns({
      product: { ...product, discount_type: 'AMOUNT', discount_value: '2.5' },
      variants: [variant({ visible: false })],
    });
    expect([derivedColumns.price_min, derivedColumns.price_max]).toEqual(['7.50', '7.50']);
  });

  it('ranges cost and weight over all variants, NULL when none has one', () => {
    const derivedColumns = deriveColumns({
      product,
      variants: [variant({ cost: '6', weight: '0.5' }), variant({ visible: false, weight: '1.25' })],
    });
    expect([derivedColumns.cost_min, derivedColumns.cost_max, derivedColumns.weight_min, derivedColumns.weight_max]).toEqual([
      '4.00',
      '6.00',
      '0.500',
      '1.250',
    ]);
    expect(deriveColumns({ product: { ...product, cost: null }, variants: [variant()] })).toMatchObject({
      cost_min: null,
      weight_min: null,
    });
  });

  it.each([
    [[true, true], 'IN_STOCK'],
    [[true, false], 'PARTIALLY_OUT_OF_STOCK'],
    [[false, false], 'OUT_OF_STOCK'],
  ] as const)('gives the inventory status %j → %s', (stock, status) => {
    expect(deriveColumns({ product, variants: stock.map((in_stock) => variant({ in_stock })) }).inventory_status).toBe(status);
  });
});

describe('slugs', () => {
  it.each([
    ['Blue mug', 'blue-mug'],
    ['  Crème brûlée — 2 pcs!  ', 'creme-brulee-2-pcs'],
    ['Ünïcödé Straße', 'unicode-straße'],
    ['日本茶', '日本茶'],
    ['!!!', 'product'],
  ])('makes %j into %j', (name, slug) => {
    expect(slugify(name, 'product')).toBe(slug);
  });

  it('keeps slugs to 80 characters without a trailing dash', () => {
    const slug = slugify(`${'a'.repeat(79)} b`);
    expect(slug).toBe('a'.repeat(79));
  });

  it('adds the first free numeric suffix', () => {
    expect(uniqueSlug('mug', new Set())).toBe('mug');
    expect(uniqueSlug('mug', new Set(['mug', 'mug-2', 'mug-4']))).toBe('mug-3');
  });
});

describe('decimals', () => {
  it('tells amounts within the currency’s minor units', () => {
    expect(fitsCurrency(9.99, 'USD')).toBe(true);
    expect(fitsCurrency(9.999, 'USD')).toBe(false);
    expect(fitsCurrency(0.1 + 0.2, 'USD')).toBe(false);
    expect(fitsCurrency(100, 'JPY')).toBe(true);
    expect(fitsCurrency(100.5, 'JPY')).toBe(false);
  });

  it('scales weights to thousandths, rounding half away from zero', () => {
    expect(toScaled('0.3685', 3)).toBe(369n);
    expect(toScaled(-0.0005, 3)).toBe(-1n);
    expect(fromScaled(369n, 3)).toBe('0.369');
    expect(fromScaled(-5n, 3)).toBe('-0.005');
  });
});
