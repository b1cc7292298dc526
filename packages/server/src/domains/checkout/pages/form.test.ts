import { describe, expect, it } from 'vitest';
import { readForm } from './form.js';

const complete = {
  email: 'ada@example.com',
  addressLine: '1 Main St',
  city: 'Springfield',
  country: 'us',
  subdivision: 'il',
  shippingOption: 'standard',
  billingSame: 'on',
  paymentMethod: 'bank-transfer',
};

describe('hosted checkout form', () => {
  it('turns a complete form into checkout details: country upper case, subdivision as ISO 3166-2', () => {
    const r = readForm(complete, { forPlacement: true, needsShipping: true });
    expect(r.fieldErrors).toEqual({});
    expect(r.details).toEqual({
      email: 'ada@example.com',
      shippingAddress: { addressLine: '1 Main St', city: 'Springfield', subdivision: 'US-IL', country: 'US' },
      billingAddress: null,
      contactDetails: {},
      selectedShippingOption: { code: 'standard' },
    });
    expect(r.paymentMethod).toBe('bank-transfer');
  });

  it.each([
    ['email', { email: 'not-an-address' }, 'Enter an e-mail address like name@example.com'],
    ['email', { email: '' }, 'Enter your e-mail address'],
    ['country', { country: 'USA' }, 'Enter the two-letter country code, such as US'],
    ['city', { city: '  ' }, 'Enter the city'],
    ['shippingOption', { shippingOption: '' }, 'Choose a shipping method'],
    ['paymentMethod', { paymentMethod: '' }, 'Choose how you pay'],
    ['billingCity', { billingSame: '', billingAddressLine: '2 Side St', billingCountry: 'US' }, 'Enter the billing city'],
    ['addressLine', { addressLine: 'x'.repeat(501) }, 'Use at most 500 characters'],
  ])('placing with a bad %s says so next to it', (field, change, message) => {
    const r = readForm({ ...complete, ...change }, { forPlacement: true, needsShipping: true });
    expect(r.fieldErrors).toEqual({ [field]: message });
  });

  it('asks only for formats when updating a half-filled form', () => {
    const r = readForm({ country: 'de', email: 'bad' }, { forPlacement: false, needsShipping: true });
    expect(r.fieldErrors).toEqual({ email: 'Enter an e-mail address like name@example.com' });
    expect(r.details.shippingAddress).toEqual({ country: 'DE' });
    // A malformed e-mail is not saved over the one the checkout has.
    expect(r.details.email).toBeUndefined();
  });

  it('needs no shipping method for an order that ships nothing', () => {
    const r = readForm({ ...complete, shippingOption: '' }, { forPlacement: true, needsShipping: false });
    expect(r.fieldErrors).toEqual({});
  });
});
