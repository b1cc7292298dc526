import { describe, expect, it } from 'vitest';
import { readForm } from './form.js';

const complete = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  addressLine: '1 Main St',
  city: 'Springfield',
  country: 'us',
  subdivision: 'il',
  postalCode: '62701',
  shippingOption: 'standard',
  billingSame: 'on',
  paymentMethod: 'bank-transfer',
};

describe('hosted checkout form', () => {
  it('turns a complete form into checkout details: country upper case, subdivision as ISO 3166-2', () => {
    const form = readForm(complete, { forPlacement: true, needsShipping: true });
    expect(form.fieldErrors).toEqual({});
    expect(form.details).toEqual({
      email: 'ada@example.com',
      shippingAddress: { addressLine: '1 Main St', city: 'Springfield', postalCode: '62701', subdivision: 'US-IL', country: 'US' },
      billingAddress: null,
      contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
      billingContactDetails: null,
      selectedShippingOption: { code: 'standard' },
    });
    expect(form.paymentMethod).toBe('bank-transfer');
  });

  it.each([
    ['email', { email: 'not-an-address' }, 'Enter an e-mail address like name@example.com'],
    ['email', { email: '' }, 'Enter your e-mail address'],
    ['country', { country: 'USA' }, 'Choose a country from the list'],
    ['country', { country: 'XX' }, 'Choose a country from the list'],
    ['country', { country: '' }, 'Choose a country from the list'],
    ['subdivision', { subdivision: 'US-XX' }, 'Choose a state or region of United States from the list'],
    ['postalCode', { postalCode: 'ABCDE' }, 'This postal code does not look like a US ZIP code'],
    [
      'postalCode',
      { country: 'DE', subdivision: '', postalCode: '1011' },
      'This postal code does not look like a postal code from Germany',
    ],
    ['lastName', { lastName: ' ' }, 'Enter your last name'],
    ['phone', { phone: 'call me' }, 'Enter a phone number: digits, spaces and a leading + only'],
    [
      'billingCountry',
      {
        billingSame: '',
        billingFirstName: 'A',
        billingLastName: 'B',
        billingAddressLine: '2 Side St',
        billingCity: 'X',
        billingCountry: 'NARNIA',
      },
      'Choose a country from the list',
    ],
    ['city', { city: '  ' }, 'Enter the city'],
    ['shippingOption', { shippingOption: '' }, 'Choose a shipping method'],
    ['paymentMethod', { paymentMethod: '' }, 'Choose how you pay'],
    [
      'billingCity',
      {
        billingSame: '',
        billingFirstName: 'A',
        billingLastName: 'B',
        billingAddressLine: '2 Side St',
        billingCountry: 'US',
        billingSubdivision: 'US-NY',
        billingPostalCode: '10001',
      },
      'Enter the billing city',
    ],
    ['addressLine', { addressLine: 'x'.repeat(501) }, 'Use at most 500 characters'],
    ['subdivision', { subdivision: '' }, 'Choose the state'],
    ['postalCode', { postalCode: ' ' }, 'Enter the ZIP code'],
    ['subdivision', { country: 'CA', subdivision: '', postalCode: 'K1A 0B1' }, 'Choose the province or territory'],
    ['postalCode', { country: 'DE', subdivision: '', postalCode: '' }, 'Enter the postal code'],
    [
      'billingPostalCode',
      {
        billingSame: '',
        billingFirstName: 'A',
        billingLastName: 'B',
        billingAddressLine: '1 Dorset St',
        billingCity: 'London',
        billingCountry: 'GB',
      },
      'Enter the postcode',
    ],
  ])('placing with a bad %s says so next to it', (field, change, message) => {
    const form = readForm({ ...complete, ...change }, { forPlacement: true, needsShipping: true });
    expect(form.fieldErrors).toEqual({ [field]: message });
  });

  it('asks only for formats when updating a half-filled form', () => {
    const form = readForm({ country: 'de', email: 'bad' }, { forPlacement: false, needsShipping: true });
    expect(form.fieldErrors).toEqual({ email: 'Enter an e-mail address like name@example.com' });
    expect(form.details.shippingAddress).toEqual({ country: 'DE' });
    // A malformed e-mail is not saved over the one the checkout has.
    expect(form.details.email).toBeUndefined();
  });

  it('keeps the payer apart from the recipient when the billing address differs', () => {
    const billing = {
      billingSame: '',
      billingFirstName: 'Charles',
      billingLastName: 'Babbage',
      billingCompany: 'Analytical Engines Ltd',
      billingPhone: '+44 20 7946 0000',
      billingAddressLine: '1 Dorset St',
      billingCity: 'London',
      billingPostalCode: 'sw1a 1aa',
      billingCountry: 'gb',
    };
    const form = readForm(
      { ...complete, company: 'Ada & Co', phone: '+1 555 0100', ...billing },
      { forPlacement: true, needsShipping: true },
    );
    expect(form.fieldErrors).toEqual({});
    expect(form.details).toMatchObject({
      contactDetails: { firstName: 'Ada', lastName: 'Lovelace', company: 'Ada & Co', phone: '+1 555 0100' },
      billingContactDetails: { firstName: 'Charles', lastName: 'Babbage', company: 'Analytical Engines Ltd', phone: '+44 20 7946 0000' },
      billingAddress: { addressLine: '1 Dorset St', city: 'London', postalCode: 'SW1A 1AA', country: 'GB' },
    });
  });

  it('drops, on "Update", a state of the country chosen before (the page then lists the new country’s)', () => {
    const form = readForm({ country: 'DE', subdivision: 'US-NY' }, { forPlacement: false, needsShipping: true });
    expect(form.fieldErrors).toEqual({});
    expect(form.details.shippingAddress).toEqual({ country: 'DE' });
    const placed = readForm(
      { ...complete, country: 'DE', subdivision: 'US-NY', postalCode: '10115' },
      { forPlacement: true, needsShipping: true },
    );
    expect(placed.fieldErrors).toEqual({ subdivision: 'Choose a state or region of Germany from the list' });
  });

  it('asks for no state or postal code where the country’s addresses go without them', () => {
    const hongKong = { ...complete, country: 'HK', subdivision: '', postalCode: '', city: 'Hong Kong' };
    expect(readForm(hongKong, { forPlacement: true, needsShipping: true }).fieldErrors).toEqual({});
    const ireland = { ...complete, country: 'IE', subdivision: '', postalCode: '', city: 'Galway' };
    expect(readForm(ireland, { forPlacement: true, needsShipping: true }).fieldErrors).toEqual({});
    // only when placing: an update of a half-filled form asks for nothing
    expect(readForm({ ...complete, subdivision: '', postalCode: '' }, { forPlacement: false, needsShipping: true }).fieldErrors).toEqual(
      {},
    );
  });

  it('needs no shipping method for an order that ships nothing', () => {
    const form = readForm({ ...complete, shippingOption: '' }, { forPlacement: true, needsShipping: false });
    expect(form.fieldErrors).toEqual({});
  });
});
