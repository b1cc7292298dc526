import { ApiKeyStrategy, createClient, OAuthStrategy } from '@vitrine/sdk';
import { coupons } from '@vitrine/sdk/ecom';
import { describe, expect, it } from 'vitest';
import { insertCollection, insertProduct } from '../../../test/support/catalog-fixtures.js';
import { merchantCall, violationRules } from '../../../test/support/merchant-api.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

const server = testServerForFile();

const BASE = '/_api/vitrine/v1/coupons';

/** A merchant call to the pricing API. */
const api = (method: string, path: string, body?: unknown) => merchantCall(server, method, path, body);

let counter = 0;
const uniqueCode = (prefix = 'CODE') => `${prefix}${++counter}${crypto.randomUUID().slice(0, 6)}`;

async function create(fields: Record<string, unknown>) {
  const answer = await api('POST', BASE, { code: uniqueCode(), name: 'A coupon', kind: 'PERCENT', value: '10', ...fields });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.coupon;
}

/** The field violations of a 400 answer, as `field: RULE`. */
const violations = violationRules;

describe('coupons', () => {
  it('creates a coupon and answers it with money as decimal strings and ISO dates', async () => {
    const code = uniqueCode('TENOFF');
    const answer = await api('POST', BASE, {
      code,
      name: '10 off',
      kind: 'AMOUNT',
      value: '10',
      minimumSubtotal: '60',
      startsAt: '2026-01-01T00:00:00Z',
      expiresAt: '2027-01-01T00:00:00+01:00',
      usageLimit: 100,
      limitPerCustomer: 1,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.coupon).toEqual({
      id: expect.any(String),
      code,
      name: '10 off',
      kind: 'AMOUNT',
      value: '10.00',
      scope: 'ALL',
      scopeIds: [],
      minimumSubtotal: '60.00',
      startsAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2026-12-31T23:00:00.000Z',
      usageLimit: 100,
      limitPerCustomer: 1,
      timesUsed: 0,
      active: true,
      createdDate: expect.stringMatching(/Z$/),
      updatedDate: expect.stringMatching(/Z$/),
    });
  });

  it('gets, updates and deletes a coupon', async () => {
    const coupon = await create({ kind: 'PERCENT', value: '12.5' });
    expect((await api('GET', `${BASE}/${coupon.id}`)).body.coupon).toMatchObject({ id: coupon.id, value: '12.5' });
    const answer = await api('PATCH', `${BASE}/${coupon.id}`, { name: 'Renamed', active: false, value: '15' });
    expect(answer.body.coupon).toMatchObject({ name: 'Renamed', active: false, value: '15', code: coupon.code });
    expect((await api('DELETE', `${BASE}/${coupon.id}`)).status).toBe(200);
    const gone = await api('GET', `${BASE}/${coupon.id}`);
    expect([gone.status, gone.body.details.applicationError.code]).toEqual([404, 'COUPON_NOT_FOUND']);
  });

  it('answers 404 COUPON_NOT_FOUND for updates and deletes of an unknown coupon', async () => {
    const id = crypto.randomUUID();
    expect((await api('PATCH', `${BASE}/${id}`, { name: 'x' })).status).toBe(404);
    expect((await api('DELETE', `${BASE}/${id}`)).body.details.applicationError.code).toBe('COUPON_NOT_FOUND');
  });

  it('lists coupons newest first, with offset paging and a code prefix filter', async () => {
    const prefix = uniqueCode('PAGE');
    for (const i of [1, 2, 3]) await create({ code: `${prefix}-${i}` });
    const first = await api('GET', `${BASE}?code=${prefix.toLowerCase()}&limit=2`);
    expect(first.body.coupons.map((coupon: { code: string }) => coupon.code)).toEqual([`${prefix}-3`, `${prefix}-2`]);
    expect(first.body.pagingMetadata).toEqual({ count: 2, offset: 0, total: 3 });
    const second = await api('GET', `${BASE}?code=${prefix}&limit=2&offset=2`);
    expect(second.body.coupons.map((coupon: { code: string }) => coupon.code)).toEqual([`${prefix}-1`]);
    expect(second.body.pagingMetadata).toEqual({ count: 1, offset: 2, total: 3 });
  });

  it('refuses a code another coupon has, whatever its case (409 COUPON_CODE_TAKEN)', async () => {
    const coupon = await create({ code: uniqueCode('Welcome') });
    const again = await api('POST', BASE, { code: coupon.code.toUpperCase(), name: 'Dup', kind: 'FREE_SHIPPING' });
    expect(again.status).toBe(409);
    expect(again.body.details.applicationError).toMatchObject({
      code: 'COUPON_CODE_TAKEN',
      data: { couponCode: coupon.code.toUpperCase() },
    });
    const other = await create({});
    expect((await api('PATCH', `${BASE}/${other.id}`, { code: coupon.code.toLowerCase() })).status).toBe(409);
  });

  it.each([
    [{ code: '' }, ['code: MIN_LENGTH']],
    [{ code: 'TWO WORDS' }, ['code: FORMAT']],
    [{ code: 'X'.repeat(65) }, ['code: MAX_LENGTH']],
    [{ kind: 'BOGO' }, ['kind: INVALID_ENUM_VALUE']],
    [{ value: '120' }, ['value: DECIMAL_LTE']],
    [{ value: '-5' }, ['value: FORMAT']],
    [{ value: 10 }, ['value: VALIDATION']],
    [{ kind: 'AMOUNT', value: '5.001' }, ['value: DECIMAL_MAX_SCALE']],
    [{ kind: 'FREE_SHIPPING', value: '3' }, ['value: VALIDATION']],
    [{ minimumSubtotal: 'fifty' }, ['minimumSubtotal: FORMAT']],
    [{ startsAt: '2026-02-01T00:00:00Z', expiresAt: '2026-01-01T00:00:00Z' }, ['expiresAt: VALIDATION']],
    [{ expiresAt: 'tomorrow' }, ['expiresAt: FORMAT']],
    [{ scope: 'PRODUCTS' }, ['scopeIds: MIN_SIZE']],
    [{ scopeIds: ['not-a-uuid'] }, ['scopeIds[0]: FORMAT']],
    [{ usageLimit: 0 }, ['usageLimit: MIN']],
    [{ colour: 'red' }, ['colour: FIELD_NOT_ALLOWED']],
  ])('refuses %j with field violations', async (fields, expected) => {
    const answer = await api('POST', BASE, { code: uniqueCode(), name: 'Bad', kind: 'PERCENT', value: '10', ...fields });
    expect(violations(answer)).toEqual(expected);
  });

  it('refuses missing required fields by name', async () => {
    expect(violations(await api('POST', BASE, { kind: 'PERCENT' }))).toEqual(['code: REQUIRED_FIELD', 'name: REQUIRED_FIELD']);
  });

  it('checks the rules on the coupon as an update leaves it', async () => {
    const coupon = await create({ kind: 'PERCENT', value: '50', expiresAt: '2030-01-01T00:00:00Z' });
    expect(violations(await api('PATCH', `${BASE}/${coupon.id}`, { startsAt: '2031-01-01T00:00:00Z' }))).toEqual(['expiresAt: VALIDATION']);
    expect(violations(await api('PATCH', `${BASE}/${coupon.id}`, { scope: 'COLLECTIONS' }))).toEqual(['scopeIds: MIN_SIZE']);
    const amount = await api('PATCH', `${BASE}/${coupon.id}`, { kind: 'AMOUNT' });
    expect(amount.body.coupon).toMatchObject({ kind: 'AMOUNT', value: '50.00' });
  });

  it('scopes a coupon to existing products or collections; unknown ids are violations naming them', async () => {
    const { id: productId } = await insertProduct(server.database.db, { name: 'Mug' });
    const collection = await insertCollection(server.database.db, { name: 'Kitchen' });
    const byProduct = await create({ scope: 'PRODUCTS', scopeIds: [productId] });
    expect(byProduct).toMatchObject({ scope: 'PRODUCTS', scopeIds: [productId] });
    const byCollection = await create({ scope: 'COLLECTIONS', scopeIds: [collection.id] });
    expect(byCollection.scopeIds).toEqual([collection.id]);
    const missing = crypto.randomUUID();
    const answer = await api('POST', BASE, {
      code: uniqueCode(),
      name: 'x',
      kind: 'PERCENT',
      value: '5',
      scope: 'PRODUCTS',
      scopeIds: [productId, missing],
    });
    expect(answer.body.details.validationError.fieldViolations).toEqual([
      { field: 'scopeIds[1]', description: 'is not an existing product', violatedRule: 'VALIDATION', data: { id: missing } },
    ]);
    const wrongKind = await api('POST', BASE, {
      code: uniqueCode(),
      name: 'x',
      kind: 'PERCENT',
      value: '5',
      scope: 'COLLECTIONS',
      scopeIds: [productId],
    });
    expect(violations(wrongKind)).toEqual(['scopeIds[0]: VALIDATION']);
  });

  it('answers 400 for an id that is not a uuid in the path', async () => {
    expect(violations(await api('GET', `${BASE}/nope`))).toEqual(['id: FORMAT']);
  });
});

describe('coupons through the SDK (`coupons` in @vitrine/sdk/ecom)', () => {
  const merchant = () => createClient({ host: server.url, modules: { coupons }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });

  it('creates, reads, lists, changes and deletes a coupon, with dates as Date objects', async () => {
    const code = uniqueCode('SDK');
    const made = await merchant().coupons.createCoupon({
      code,
      name: 'Via the SDK',
      kind: 'PERCENT',
      value: '15',
      expiresAt: new Date('2027-03-01T00:00:00Z'),
    });
    expect(made).toMatchObject({ code, kind: 'PERCENT', value: '15', scope: 'ALL', active: true, timesUsed: 0 });
    expect(made._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(made.expiresAt).toEqual(new Date('2027-03-01T00:00:00Z'));
    expect(made._createdDate).toBeInstanceOf(Date);

    expect(await merchant().coupons.getCoupon(made._id as string)).toEqual(made);
    const listed = await merchant().coupons.listCoupons({ code, limit: 5 });
    expect(listed.coupons?.map((coupon) => coupon._id)).toEqual([made._id]);
    expect(listed.pagingMetadata).toMatchObject({ total: 1, offset: 0 });

    const changed = await merchant().coupons.updateCoupon(made._id as string, { value: '20', expiresAt: null, usageLimit: 3 });
    expect(changed).toMatchObject({ value: '20', usageLimit: 3, name: 'Via the SDK' });
    // the expiry was cleared (the SDK's date conversion gives no date as undefined)
    expect(changed.expiresAt ?? null).toBeNull();

    await merchant().coupons.deleteCoupon(made._id as string);
    expect(await thrown(merchant().coupons.getCoupon(made._id as string))).toMatchObject({ status: 404 });
  });

  it('names a refused field as the caller wrote it, and refuses a shopper', async () => {
    const bad = await thrown(merchant().coupons.createCoupon({ code: 'has space', name: 'x', kind: 'PERCENT', value: '5' }));
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('coupon.code');
    const shopper = createClient({ host: server.url, modules: { coupons }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
    expect((await thrown(shopper.coupons.listCoupons())).status).toBe(403);
  });
});
