import { describe, expect, it } from 'vitest';
import { fractionToPercent, percentToFraction, taxRateDraftOf, taxRateOf } from './tax-draft.js';

describe('tax rates as typed', () => {
  it.each([
    ['7.25', '0.0725'],
    ['20', '0.2'],
    ['0', '0'],
    ['100', '1'],
    ['8,875', '0.08875'],
    ['0.0001', '0.000001'],
    ['101', undefined],
    ['7.123456', undefined],
    ['-5', undefined],
    ['', undefined],
  ])('reads %j %% as the fraction %j, exactly', (percent, fraction) => {
    expect(percentToFraction(percent)).toBe(fraction);
  });

  it.each([
    ['0.0725', '7.25'],
    ['0.2', '20'],
    ['1', '100'],
    ['0', '0'],
    ['0.08875', '8.875'],
  ])('shows the fraction %j as %j %%', (fraction, percent) => {
    expect(fractionToPercent(fraction)).toBe(percent);
  });

  it('sends only the place fields the jurisdiction uses', () => {
    const draft = {
      ...taxRateDraftOf(),
      name: ' New York ',
      jurisdictionType: 'STATE' as const,
      country: 'us',
      subdivision: 'us-ny',
      city: 'Ignored',
      percent: '4',
    };
    expect(taxRateOf(draft)).toEqual({
      value: {
        name: 'New York',
        jurisdictionType: 'STATE',
        country: 'US',
        subdivision: 'US-NY',
        county: null,
        city: null,
        postalCodes: [],
        rate: '0.04',
        appliesToShipping: true,
      },
    });
  });

  it('names each problem by its field', () => {
    expect(taxRateOf({ ...taxRateDraftOf(), jurisdictionType: 'COUNTY', country: 'US', subdivision: 'CA-ON', percent: '7.5.1' })).toEqual({
      errors: {
        name: 'Name the rate, like “New York State”.',
        subdivision: 'A region of US: it starts with US-.',
        county: 'Name the county.',
        postalCodes: 'List the postal codes the county covers.',
        percent: 'A percentage from 0 to 100, like 7.25.',
      },
    });
  });

  it('reads postal codes separated by commas, spaces or lines', () => {
    const result = taxRateOf({
      ...taxRateDraftOf(),
      name: 'Zone',
      jurisdictionType: 'SPECIAL',
      country: 'US',
      postalCodes: '10001, 10002\n10003 ;10004',
      percent: '1',
    });
    expect('value' in result && result.value.postalCodes).toEqual(['10001', '10002', '10003', '10004']);
  });
});
