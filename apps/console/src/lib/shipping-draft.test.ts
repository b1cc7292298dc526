import { describe, expect, it } from 'vitest';
import { MAX_SLOTS, newSlot, newTier, optionDraftOf, regionDraftOf, regionOf, shippingOptionOf } from './shipping-draft.js';

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
        timeSlots: [],
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

describe("a shipping option's delivery time slots", () => {
  // local dates: the form shows and reads them in the merchant's own time zone, whichever it is
  const morning = { from: new Date(2030, 11, 1, 9, 0), to: new Date(2030, 11, 1, 12, 0) };
  const evening = { from: new Date(2030, 11, 1, 17, 30), to: new Date(2030, 11, 1, 20, 0) };
  const courier = (slots: ReturnType<typeof newSlot>[]) => ({
    ...optionDraftOf(),
    code: 'courier',
    title: 'Courier',
    price: '9',
    timeSlots: slots,
  });

  it('shows the stored slots as local dates and times, and sends them back as the same instants', () => {
    const draft = optionDraftOf({ code: 'courier', title: 'Courier', kind: 'FLAT', price: '9', timeSlots: [morning, evening] });
    expect(draft.timeSlots.map(({ from, to }) => [from, to])).toEqual([
      ['2030-12-01T09:00', '2030-12-01T12:00'],
      ['2030-12-01T17:30', '2030-12-01T20:00'],
    ]);
    expect(shippingOptionOf(draft, 'USD')).toMatchObject({ value: { timeSlots: [morning, evening] } });
  });

  it('sends a slot added in the form, and none once every slot is removed', () => {
    expect(shippingOptionOf(courier([newSlot('2030-12-01T09:00', '2030-12-01T12:00')]), 'USD')).toMatchObject({
      value: { timeSlots: [morning] },
    });
    expect(shippingOptionOf(courier([]), 'USD')).toMatchObject({ value: { timeSlots: [] } });
  });

  it.each([
    ['an empty start', ['', '2030-12-01T12:00'], { 'timeSlots.0.from': 'Pick the day and time the slot starts.' }],
    ['an empty end', ['2030-12-01T09:00', ''], { 'timeSlots.0.to': 'Pick the day and time the slot ends.' }],
    [
      'a day that does not exist',
      ['2030-02-30T09:00', '2030-03-01T12:00'],
      { 'timeSlots.0.from': 'Pick the day and time the slot starts.' },
    ],
    ['an hour that does not exist', ['2030-12-01T09:00', '2030-12-01T24:00'], { 'timeSlots.0.to': 'Pick the day and time the slot ends.' }],
    ['text', ['tomorrow', '2030-12-01T12:00'], { 'timeSlots.0.from': 'Pick the day and time the slot starts.' }],
    ['an end before the start', ['2030-12-01T12:00', '2030-12-01T09:00'], { 'timeSlots.0.to': 'The slot ends after it starts.' }],
    ['an end at the start', ['2030-12-01T09:00', '2030-12-01T09:00'], { 'timeSlots.0.to': 'The slot ends after it starts.' }],
  ])('names %s by its field', (_case, [from, to], errors) => {
    expect(shippingOptionOf(courier([newSlot(from, to)]), 'USD')).toEqual({ errors });
  });

  it('names a slot given twice, and only the second one', () => {
    const twice = courier([
      newSlot('2030-12-01T09:00', '2030-12-01T12:00'),
      newSlot('2030-12-01T17:30', '2030-12-01T20:00'),
      newSlot('2030-12-01T09:00', '2030-12-01T12:00'),
    ]);
    expect(shippingOptionOf(twice, 'USD')).toEqual({ errors: { 'timeSlots.2.from': 'The same slot as slot 1.' } });
  });

  it(`takes at most ${MAX_SLOTS} slots, as the server keeps`, () => {
    const many = Array.from({ length: MAX_SLOTS + 1 }, (_, i) =>
      newSlot(`2030-12-${String((i % 28) + 1).padStart(2, '0')}T${String(Math.floor(i / 28)).padStart(2, '0')}:00`, '2031-01-01T00:00'),
    );
    expect(shippingOptionOf(courier(many), 'USD')).toEqual({ errors: { timeSlots: `At most ${MAX_SLOTS} time slots.` } });
  });
});
