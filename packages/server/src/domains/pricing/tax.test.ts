import { ApiKeyStrategy, createClient, OAuthStrategy } from '@vitrine/sdk';
import { taxes } from '@vitrine/sdk/ecom';
import { describe, expect, it } from 'vitest';
import { merchantCall, violationRules } from '../../../test/support/merchant-api.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

const server = testServerForFile();

const RATES = '/_api/vitrine/v1/tax-rates';
const SETTINGS = '/_api/vitrine/v1/tax-settings';

const api = (method: string, path: string, body?: unknown) => merchantCall(server, method, path, body);

const violations = violationRules;

describe('tax settings', () => {
  it('starts as manual rates added on top of prices, shipping taxed', async () => {
    expect((await api('GET', SETTINGS)).body.settings).toEqual({
      taxIncludedInPrices: false,
      taxMode: 'MANUAL',
      taxShipping: true,
      updatedDate: expect.any(String),
    });
  });

  it('changes the given settings only', async () => {
    const answer = await api('PATCH', SETTINGS, { taxIncludedInPrices: true, taxMode: 'AUTO' });
    expect(answer.body.settings).toMatchObject({ taxIncludedInPrices: true, taxMode: 'AUTO', taxShipping: true });
    const second = await api('PATCH', SETTINGS, { taxShipping: false, taxMode: 'MANUAL', taxIncludedInPrices: false });
    expect(second.body.settings).toMatchObject({ taxIncludedInPrices: false, taxMode: 'MANUAL', taxShipping: false });
  });

  it('refuses an unknown mode', async () => {
    expect(violations(await api('PATCH', SETTINGS, { taxMode: 'SOMETIMES' }))).toEqual(['taxMode: INVALID_ENUM_VALUE']);
  });
});

describe('tax rates', () => {
  it('creates a state rate and answers the rate as a plain decimal fraction', async () => {
    const answer = await api('POST', RATES, {
      name: 'New York State',
      jurisdictionType: 'STATE',
      country: 'US',
      subdivision: 'US-NY',
      rate: '0.0400',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.taxRate).toEqual({
      id: expect.any(String),
      name: 'New York State',
      jurisdictionType: 'STATE',
      country: 'US',
      subdivision: 'US-NY',
      county: null,
      city: null,
      postalCodes: [],
      rate: '0.04',
      appliesToShipping: true,
      createdDate: expect.any(String),
    });
  });

  it('gets, updates, lists by country and deletes rates', async () => {
    const answer = await api('POST', RATES, { name: 'VAT', jurisdictionType: 'COUNTRY', country: 'NL', rate: '0.21' });
    const id = answer.body.taxRate.id;
    expect((await api('GET', `${RATES}/${id}`)).body.taxRate.rate).toBe('0.21');
    const updated = await api('PATCH', `${RATES}/${id}`, { rate: '0.09', appliesToShipping: false });
    expect(updated.body.taxRate).toMatchObject({ rate: '0.09', appliesToShipping: false, name: 'VAT' });
    const listed = (await api('GET', `${RATES}?country=NL`)).body.taxRates;
    expect(listed.map((rate: { id: string }) => rate.id)).toEqual([id]);
    expect((await api('DELETE', `${RATES}/${id}`)).status).toBe(200);
    const gone = await api('GET', `${RATES}/${id}`);
    expect([gone.status, gone.body.details.applicationError.code]).toEqual([404, 'TAX_RATE_NOT_FOUND']);
  });

  it.each([
    [{ jurisdictionType: 'COUNTRY', country: 'US', rate: '1.5' }, ['rate: FORMAT']],
    [{ jurisdictionType: 'COUNTRY', country: 'US', rate: 0.05 }, ['rate: VALIDATION']],
    [{ jurisdictionType: 'COUNTRY', country: 'US', rate: '0.1234567' }, ['rate: FORMAT']],
    [{ jurisdictionType: 'COUNTRY', country: 'usa', rate: '0.1' }, ['country: FORMAT']],
    [{ jurisdictionType: 'COUNTRY', country: '*', rate: '0.1' }, ['country: FORMAT']],
    [{ jurisdictionType: 'STATE', country: 'US', rate: '0.1' }, ['subdivision: REQUIRED_FIELD']],
    [{ jurisdictionType: 'STATE', country: 'US', subdivision: 'CA-ON', rate: '0.1' }, ['subdivision: VALIDATION']],
    [{ jurisdictionType: 'COUNTRY', country: 'US', city: 'Boston', rate: '0.1' }, ['city: FIELD_NOT_ALLOWED']],
    [
      { jurisdictionType: 'COUNTY', country: 'US', subdivision: 'US-NY', rate: '0.1' },
      ['county: REQUIRED_FIELD', 'postalCodes: REQUIRED_FIELD'],
    ],
    [{ jurisdictionType: 'COUNTY', country: 'US', subdivision: 'US-NY', county: 'Kings', rate: '0.1' }, ['postalCodes: REQUIRED_FIELD']],
    [{ jurisdictionType: 'CITY', country: 'US', subdivision: 'US-NY', rate: '0.1' }, ['city: REQUIRED_FIELD']],
    [
      { jurisdictionType: 'STATE', country: 'US', subdivision: 'US-NY', postalCodes: ['10001'], rate: '0.1' },
      ['postalCodes: FIELD_NOT_ALLOWED'],
    ],
    [{ jurisdictionType: 'PROVINCE', country: 'CA', rate: '0.1' }, ['jurisdictionType: INVALID_ENUM_VALUE']],
    [{ jurisdictionType: 'COUNTRY', country: 'US' }, ['rate: REQUIRED_FIELD']],
  ])('refuses the rate %j', async (fields, expected) => {
    expect(violations(await api('POST', RATES, { name: 'Bad', ...fields }))).toEqual(expected);
  });

  it('checks the place rules on the rate as an update leaves it', async () => {
    const answer = await api('POST', RATES, { name: 'Country', jurisdictionType: 'COUNTRY', country: 'DE', rate: '0.19' });
    expect(violations(await api('PATCH', `${RATES}/${answer.body.taxRate.id}`, { jurisdictionType: 'STATE' }))).toEqual([
      'subdivision: REQUIRED_FIELD',
    ]);
  });
});

describe('taxes through the SDK (`taxes` in @vitrine/sdk/ecom)', () => {
  const merchant = () => createClient({ host: server.url, modules: { taxes }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });

  it('reads and changes the settings, and adds, lists, changes and deletes a rate', async () => {
    const before = await merchant().taxes.getTaxSettings();
    expect(before._updatedDate).toBeInstanceOf(Date);
    const changed = await merchant().taxes.updateTaxSettings({ taxShipping: !before.taxShipping });
    expect(changed).toMatchObject({ taxShipping: !before.taxShipping, taxMode: before.taxMode });
    await merchant().taxes.updateTaxSettings({ taxShipping: before.taxShipping });

    const rate = await merchant().taxes.createTaxRate({
      name: 'Vermont',
      jurisdictionType: 'STATE',
      country: 'US',
      subdivision: 'US-VT',
      rate: '0.06',
    });
    expect(rate).toMatchObject({ name: 'Vermont', subdivision: 'US-VT', rate: '0.06', postalCodes: [], appliesToShipping: true });
    expect(rate._createdDate).toBeInstanceOf(Date);
    expect((await merchant().taxes.listTaxRates({ country: 'US' })).map((taxRate) => taxRate._id)).toContain(rate._id);
    expect(await merchant().taxes.updateTaxRate(rate._id as string, { rate: '0.065' })).toMatchObject({ rate: '0.065', name: 'Vermont' });
    await merchant().taxes.deleteTaxRate(rate._id as string);
    expect((await merchant().taxes.listTaxRates({ country: 'US' })).map((taxRate) => taxRate._id)).not.toContain(rate._id);
  });

  it('names a refused field as the caller wrote it, and refuses a shopper', async () => {
    const bad = await thrown(merchant().taxes.createTaxRate({ name: 'Bad', jurisdictionType: 'COUNTRY', country: 'us', rate: '7' }));
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('taxRate.country');
    expect(bad.message).toContain('taxRate.rate');
    const shopper = createClient({ host: server.url, modules: { taxes }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
    expect((await thrown(shopper.taxes.getTaxSettings())).status).toBe(403);
  });
});
