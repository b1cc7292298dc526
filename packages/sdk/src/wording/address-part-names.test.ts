import { describe, expect, it } from 'vitest';
import { postalCodeLabel, postalCodeName, requiredRegionName } from './address-part-names.js';

describe('address part names', () => {
  it('names the state where addresses always carry one, and nothing elsewhere', () => {
    expect(requiredRegionName('US')).toBe('State');
    expect(requiredRegionName('CA')).toBe('Province or territory');
    expect(requiredRegionName('JP')).toBe('Prefecture');
    expect(requiredRegionName('DE')).toBeUndefined();
    expect(requiredRegionName(undefined)).toBeUndefined();
    // a posted value is looked up among the table's own keys only
    expect(requiredRegionName('constructor')).toBeUndefined();
  });

  it('calls postal codes what each country calls them, mid-sentence and as a label', () => {
    expect(['US', 'GB', 'DE', undefined, 'toString'].map(postalCodeName)).toEqual([
      'ZIP code',
      'postcode',
      'postal code',
      'postal code',
      'postal code',
    ]);
    expect(['US', 'GB', 'FR'].map(postalCodeLabel)).toEqual(['ZIP code', 'Postcode', 'Postal code']);
  });
});
