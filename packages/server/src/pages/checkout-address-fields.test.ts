import { describe, expect, it } from 'vitest';
import { addressLabels } from './checkout-address-fields.js';

const partsOf = (labels: Record<string, string>, names: string[]) => names.map((name) => labels[name]);

describe('the hosted checkout’s address labels', () => {
  it('name the state and the postal code as the chosen country does, and mark them optional where it needs neither', () => {
    expect(partsOf(addressLabels('shipping', 'US'), ['subdivision', 'postalCode'])).toEqual(['State', 'ZIP code']);
    expect(partsOf(addressLabels('shipping', 'CA'), ['subdivision', 'postalCode'])).toEqual(['Province or territory', 'Postal code']);
    expect(partsOf(addressLabels('shipping', 'GB'), ['subdivision', 'postalCode'])).toEqual(['State or region (optional)', 'Postcode']);
    expect(partsOf(addressLabels('shipping', 'HK'), ['subdivision', 'postalCode'])).toEqual([
      'State or region (optional)',
      'Postal code (optional)',
    ]);
  });

  it('give the plain names before a country is chosen, and for a posted value that is no country', () => {
    expect(partsOf(addressLabels('shipping'), ['subdivision', 'postalCode'])).toEqual(['State or region', 'Postal code']);
    expect(partsOf(addressLabels('shipping', 'constructor'), ['subdivision', 'postalCode'])).toEqual([
      'State or region (optional)',
      'Postal code (optional)',
    ]);
  });

  it('start the billing address’s labels with "Billing", keeping an abbreviation’s capitals', () => {
    expect(partsOf(addressLabels('billing', 'US'), ['billingCity', 'billingSubdivision', 'billingPostalCode'])).toEqual([
      'Billing city',
      'Billing state',
      'Billing ZIP code',
    ]);
  });
});
