import { ApiKeyStrategy, createClient, OAuthStrategy } from '@vitrine/sdk';
import { shipping } from '@vitrine/sdk/ecom';
import { describe, expect, it } from 'vitest';
import { merchantCall, violationRules } from '../../../test/support/merchant-api.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

const server = testServerForFile();

const REGIONS = '/_api/vitrine/v1/shipping-regions';

const api = (method: string, path: string, body?: unknown) => merchantCall(server, method, path, body);

const violations = violationRules;

async function region(fields: Record<string, unknown> = {}) {
  const answer = await api('POST', REGIONS, { name: 'Region', countries: ['US'], ...fields });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.region;
}

const code = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

describe('shipping regions', () => {
  it('creates a region narrowed to subdivisions and reads it back with its options', async () => {
    const response = await region({ name: 'Alaska and Hawaii', countries: ['US'], subdivisions: ['US-AK', 'US-HI'], position: 2 });
    expect(response).toEqual({
      id: expect.any(String),
      name: 'Alaska and Hawaii',
      countries: ['US'],
      subdivisions: ['US-AK', 'US-HI'],
      position: 2,
      createdDate: expect.any(String),
      options: [],
    });
    expect((await api('GET', `${REGIONS}/${response.id}`)).body.region).toEqual(response);
    const listed = (await api('GET', REGIONS)).body.regions;
    expect(listed.map((listedRegion: { id: string }) => listedRegion.id)).toContain(response.id);
  });

  it('updates and deletes a region (its options go with it)', async () => {
    const response = await region({ name: 'Temp', countries: ['FR', 'DE'] });
    const answer = await api('POST', `${REGIONS}/${response.id}/options`, {
      code: code('std'),
      title: 'Standard',
      kind: 'FLAT',
      price: '4.5',
    });
    expect(answer.status).toBe(200);
    const updated = await api('PATCH', `${REGIONS}/${response.id}`, { name: 'Europe', countries: ['FR', 'DE', 'IT'] });
    expect(updated.body.region).toMatchObject({
      name: 'Europe',
      countries: ['FR', 'DE', 'IT'],
      options: [{ title: 'Standard', price: '4.50' }],
    });
    expect((await api('DELETE', `${REGIONS}/${response.id}`)).status).toBe(200);
    const gone = await api('GET', `${REGIONS}/${response.id}`);
    expect([gone.status, gone.body.details.applicationError.code]).toEqual([404, 'SHIPPING_REGION_NOT_FOUND']);
  });

  it.each([
    [{ countries: [] }, ['countries: MIN_SIZE']],
    [{ countries: ['us'] }, ['countries[0]: FORMAT']],
    [{ countries: ['USA'] }, ['countries[0]: FORMAT']],
    [{ countries: ['*', 'US'] }, ['countries: VALIDATION']],
    [{ countries: ['US'], subdivisions: ['NY'] }, ['subdivisions[0]: FORMAT']],
    [{ countries: ['US'], subdivisions: ['CA-ON'] }, ['subdivisions[0]: VALIDATION']],
    [{ countries: ['*'], subdivisions: ['US-NY'] }, ['subdivisions[0]: VALIDATION']],
    [{ name: '', countries: ['US'] }, ['name: MIN_LENGTH']],
  ])('refuses the region %j', async (fields, expected) => {
    expect(violations(await api('POST', REGIONS, { name: 'Bad', ...fields }))).toEqual(expected);
  });
});

describe('shipping options', () => {
  it('adds flat, weight-based and pickup options, answered in position order with money as decimal strings', async () => {
    const response = await region({ countries: ['CA'] });
    const pickup = {
      method: 'STORE_PICKUP',
      address: { addressLine: '1 Main St', city: 'Toronto', subdivision: 'CA-ON', country: 'CA', postalCode: 'M5V 1A1' },
      instructions: 'Ring twice',
    };
    const slot = { from: '2030-01-01T10:00:00Z', to: '2030-01-01T12:00:00Z' };
    const add = (body: object) => api('POST', `${REGIONS}/${response.id}/options`, body);
    const flat = await add({
      code: code('std'),
      title: 'Standard',
      kind: 'FLAT',
      price: '5',
      freeAbove: '75',
      deliveryTime: '3-5 days',
      position: 1,
    });
    expect(flat.body.option).toEqual({
      id: expect.any(String),
      regionId: response.id,
      code: expect.stringMatching(/^std-/),
      title: 'Standard',
      carrierId: 'vitrine',
      kind: 'FLAT',
      price: '5.00',
      weightTiers: [],
      freeAbove: '75.00',
      deliveryTime: '3-5 days',
      pickup: null,
      timeSlots: [],
      position: 1,
      active: true,
    });
    const weight = await add({
      code: code('exp'),
      title: 'Express',
      kind: 'WEIGHT',
      price: '30',
      weightTiers: [
        { upTo: '1', price: '10' },
        { upTo: '5.5', price: '18.5' },
      ],
      position: 2,
    });
    expect(weight.body.option.weightTiers).toEqual([
      { upTo: '1', price: '10.00' },
      { upTo: '5.5', price: '18.50' },
    ]);
    const store = await add({ code: code('pickup'), title: 'Pickup', kind: 'PICKUP', pickup, timeSlots: [slot], position: 0 });
    expect(store.body.option).toMatchObject({
      kind: 'PICKUP',
      price: '0.00',
      pickup,
      timeSlots: [{ from: '2030-01-01T10:00:00.000Z', to: '2030-01-01T12:00:00.000Z' }],
    });
    const read = (await api('GET', `${REGIONS}/${response.id}`)).body.region.options.map((option: { title: string }) => option.title);
    expect(read).toEqual(['Pickup', 'Standard', 'Express']);
  });

  it('updates and deletes an option', async () => {
    const response = await region({ countries: ['MX'] });
    const option = (await api('POST', `${REGIONS}/${response.id}/options`, { code: code('o'), title: 'Flat', kind: 'FLAT', price: '5' }))
      .body.option;
    const answer = await api('PATCH', `${REGIONS}/${response.id}/options/${option.id}`, { price: '6.25', active: false, title: 'Slow' });
    expect(answer.body.option).toMatchObject({ price: '6.25', active: false, title: 'Slow' });
    expect((await api('DELETE', `${REGIONS}/${response.id}/options/${option.id}`)).status).toBe(200);
    const again = await api('DELETE', `${REGIONS}/${response.id}/options/${option.id}`);
    expect([again.status, again.body.details.applicationError.code]).toEqual([404, 'SHIPPING_OPTION_NOT_FOUND']);
  });

  it('refuses a code another option has (409 SHIPPING_OPTION_CODE_TAKEN)', async () => {
    const response = await region({ countries: ['BR'] });
    const duplicateCode = code('dup');
    expect((await api('POST', `${REGIONS}/${response.id}/options`, { code: duplicateCode, title: 'A', kind: 'FLAT' })).status).toBe(200);
    const again = await api('POST', `${REGIONS}/${response.id}/options`, { code: duplicateCode, title: 'B', kind: 'FLAT' });
    expect([again.status, again.body.details.applicationError.code]).toEqual([409, 'SHIPPING_OPTION_CODE_TAKEN']);
  });

  it('answers 404 SHIPPING_REGION_NOT_FOUND when adding to an unknown region', async () => {
    const answer = await api('POST', `${REGIONS}/${crypto.randomUUID()}/options`, { code: code('x'), title: 'A', kind: 'FLAT' });
    expect([answer.status, answer.body.details.applicationError.code]).toEqual([404, 'SHIPPING_REGION_NOT_FOUND']);
  });

  it.each([
    [{ kind: 'WEIGHT' }, ['weightTiers: MIN_SIZE']],
    [
      {
        kind: 'WEIGHT',
        weightTiers: [
          { upTo: '2', price: '5' },
          { upTo: '2', price: '7' },
          { upTo: '1', price: '9' },
        ],
      },
      ['weightTiers[1].upTo: VALIDATION', 'weightTiers[2].upTo: VALIDATION'],
    ],
    [{ kind: 'FLAT', weightTiers: [{ upTo: '1', price: '5' }] }, ['weightTiers: FIELD_NOT_ALLOWED']],
    [{ kind: 'PICKUP' }, ['pickup: REQUIRED_FIELD']],
    [{ kind: 'FLAT', pickup: { method: 'STORE_PICKUP' } }, ['pickup: FIELD_NOT_ALLOWED']],
    [{ kind: 'FLAT', pickup: { method: 'DRONE' } }, ['pickup.method: INVALID_ENUM_VALUE']],
    [{ kind: 'FLAT', price: '5.123' }, ['price: DECIMAL_MAX_SCALE']],
    [{ kind: 'FLAT', price: '-1' }, ['price: FORMAT']],
    [{ kind: 'FLAT', timeSlots: [{ from: '2030-01-01T12:00:00Z', to: '2030-01-01T10:00:00Z' }] }, ['timeSlots[0].to: VALIDATION']],
    [{ kind: 'FLAT', code: 'has space' }, ['code: FORMAT']],
  ])('refuses the option %j', async (fields, expected) => {
    const response = await region({ countries: ['AR'] });
    expect(violations(await api('POST', `${REGIONS}/${response.id}/options`, { code: code('bad'), title: 'Bad', ...fields }))).toEqual(
      expected,
    );
  });
});

describe('shipping through the SDK (`shipping` in @vitrine/sdk/ecom)', () => {
  const merchant = () =>
    createClient({ host: server.url, modules: { shipping }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) }).shipping;

  it('adds a region, its flat and weight options (with a delivery slot), changes and deletes them', async () => {
    const made = await merchant().createShippingRegion({ name: 'Benelux', countries: ['BE', 'NL', 'LU'] });
    expect(made).toMatchObject({ name: 'Benelux', countries: ['BE', 'NL', 'LU'], subdivisions: [], options: [] });
    expect(made._createdDate).toBeInstanceOf(Date);
    const regionId = made._id as string;
    const code = `bnl-${crypto.randomUUID().slice(0, 6)}`;
    const flat = await merchant().createShippingOption(regionId, { code, title: 'Post', kind: 'FLAT', price: '6.50', freeAbove: '80' });
    // amounts come back in the shop currency's decimals
    expect(flat).toMatchObject({ code, kind: 'FLAT', price: '6.50', freeAbove: '80.00', active: true });
    const slot = { from: new Date('2027-01-04T09:00:00Z'), to: new Date('2027-01-04T12:00:00Z') };
    const heavy = await merchant().createShippingOption(regionId, {
      code: `${code}-w`,
      title: 'Freight',
      kind: 'WEIGHT',
      price: '40',
      weightTiers: [
        { upTo: '5', price: '12' },
        { upTo: '20', price: '25' },
      ],
      timeSlots: [slot],
    });
    expect(heavy.weightTiers).toEqual([
      { upTo: '5', price: '12.00' },
      { upTo: '20', price: '25.00' },
    ]);
    expect(heavy.timeSlots).toEqual([slot]);

    expect(await merchant().updateShippingOption(regionId, flat._id as string, { price: '7', active: false })).toMatchObject({
      price: '7.00',
      active: false,
    });
    expect(await merchant().updateShippingRegion(regionId, { name: 'Low countries' })).toMatchObject({ name: 'Low countries' });
    const listed = (await merchant().listShippingRegions()).find((shippingRegion) => shippingRegion._id === regionId);
    expect(listed?.options?.map((option) => option.code)).toEqual([code, `${code}-w`]);

    await merchant().deleteShippingOption(regionId, heavy._id as string);
    expect((await merchant().listShippingRegions()).find((shippingRegion) => shippingRegion._id === regionId)?.options).toHaveLength(1);
    await merchant().deleteShippingRegion(regionId);
    expect((await merchant().listShippingRegions()).some((shippingRegion) => shippingRegion._id === regionId)).toBe(false);
  });

  it('names a refused field as the caller wrote it, and refuses a shopper', async () => {
    const bad = await thrown(merchant().createShippingRegion({ name: 'Bad', countries: ['be'] }));
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('region.countries');
    const shopper = createClient({ host: server.url, modules: { shipping }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
    expect((await thrown(shopper.shipping.listShippingRegions())).status).toBe(403);
  });
});
