import { describe, expect, it } from 'vitest';
import { newTier, optionDraftOf, regionDraftOf, regionOf, shippingOptionOf } from './shipping-draft.js';

describe('a shipping region as typed', () => {
  it('reads country and region codes in any case, separated by commas or spaces', () => {
    expect(regionOf({ name: ' North America ', countries: 'us, ca mx', subdivisions: 'us-ak;US-HI' })).toEqual({
      value: { name: 'North America', countries: ['US', 'CA', 'MX'], subdivisions: ['US-AK', 'US-HI'] },
    });
    expect(regionOf({ name: 'World', countries: '*', subdivisions: '' })).toEqual({
      value: { name: 'World', countries: ['*'], subdivisions: [] },
    });
  });

  it('names each problem by its field', () => {
    expect(regionOf({ ...regionDraftOf(), countries: 'DEU' })).toEqual({
      errors: { name: 'Name the region, like “Europe”.', countries: 'Two letters per country, like DE or US, or * alone.' },
    });
    expect(regionOf({ name: 'X', countries: '*, DE', subdivisions: '' })).toMatchObject({
      errors: { countries: '* (the rest of the world) stands alone.' },
    });
    expect(regionOf({ name: 'X', countries: 'US', subdivisions: 'CA-ON' })).toEqual({
      errors: { subdivisions: 'Each region code belongs to one of the countries above.' },
    });
  });
});

describe('a shipping option as typed', () => {
  it('sends a weight-priced option with its tiers in order, and clears what its kind does not use', () => {
    const draft = {
      ...optionDraftOf(),
      code: 'freight',
      title: 'Freight',
      kind: 'WEIGHT' as const,
      price: '40',
      tiers: [newTier('5', '12'), newTier('20', '25.5')],
      city: 'Ignored',
    };
    expect(shippingOptionOf(draft, 'EUR')).toEqual({
      value: {
        code: 'freight',
        title: 'Freight',
        kind: 'WEIGHT',
        price: '40',
        weightTiers: [
          { upTo: '5', price: '12' },
          { upTo: '20', price: '25.5' },
        ],
        freeAbove: null,
        deliveryTime: null,
        pickup: null,
        active: true,
      },
    });
  });

  it('sends a pickup with its address', () => {
    const draft = {
      ...optionDraftOf(),
      code: 'shop',
      title: 'At the shop',
      kind: 'PICKUP' as const,
      price: '0',
      addressLine: '1 Rue Haute',
      city: 'Brussels',
      country: 'be',
    };
    expect(shippingOptionOf(draft, 'EUR')).toMatchObject({
      value: {
        kind: 'PICKUP',
        price: '0',
        pickup: { method: 'STORE_PICKUP', address: { addressLine: '1 Rue Haute', city: 'Brussels', country: 'BE' } },
      },
    });
  });

  it('names each problem by its field', () => {
    const draft = {
      ...optionDraftOf(),
      code: 'two words',
      kind: 'WEIGHT' as const,
      price: '1.999',
      tiers: [newTier('10', '5'), newTier('10', '6')],
      freeAbove: 'lots',
    };
    expect(shippingOptionOf(draft, 'USD')).toEqual({
      errors: {
        code: 'A code has no spaces and at most 64 characters.',
        title: 'Give the title buyers see, like “Standard delivery”.',
        price: 'The price above the last tier, like 30.',
        'tiers.1': 'Each tier goes further than the one before.',
        freeAbove: 'An amount, or empty for never free.',
      },
    });
  });
});
