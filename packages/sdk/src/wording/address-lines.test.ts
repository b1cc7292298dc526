import { describe, expect, it } from 'vitest';
import { addressLines, recipientLines } from './address-lines.js';

describe('addressLines', () => {
  it('writes the street, the second line, postal code and city, then the region without its country prefix and the country', () => {
    expect(
      addressLines({
        addressLine1: '148 Mercer St',
        addressLine2: 'Floor 2',
        city: 'New York',
        postalCode: '10012',
        subdivision: 'US-NY',
        country: 'US',
      }),
    ).toEqual(['148 Mercer St', 'Floor 2', '10012 New York', 'NY, US']);
  });

  it('takes the street from its number and name, and keeps a region that is not a code of the country as it is', () => {
    expect(
      addressLines({ streetAddress: { number: '12', name: 'Kastanienallee' }, city: 'Berlin', subdivision: 'Berlin', country: 'DE' }),
    ).toEqual(['12 Kastanienallee', 'Berlin', 'Berlin, DE']);
  });

  it('falls back to the one-line form, and answers nothing for no address', () => {
    expect(addressLines({ formatted: '1 Main St, Springfield' })).toEqual(['1 Main St, Springfield']);
    expect(addressLines({})).toEqual([]);
    expect(addressLines(undefined)).toEqual([]);
  });

  it('puts the person and their company before the address, and the phone after it', () => {
    const address = { addressLine1: '1 Main St', city: 'Springfield', postalCode: '62701', subdivision: 'US-IL', country: 'US' };
    expect(recipientLines(address, { firstName: 'Ada', lastName: 'Lovelace', company: 'Engines Ltd', phone: '+1 555 0100' })).toEqual([
      'Ada Lovelace',
      'Engines Ltd',
      '1 Main St',
      '62701 Springfield',
      'IL, US',
      '+1 555 0100',
    ]);
    expect(recipientLines(undefined, { lastName: 'Hopper' })).toEqual(['Hopper']);
    expect(recipientLines(undefined, undefined)).toEqual([]);
  });
});
