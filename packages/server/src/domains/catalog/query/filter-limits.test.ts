/**
 * Issue #18: a catalogue filter is bounded (at most MAX_CONDITIONS conditions, however they are
 * spread over `$or`/`$and`) and its dates are checked exactly, over REST (body and query string)
 * and GraphQL alike: a 400 naming the limit or the date, never seconds of database time or a 500.
 */
import { createClient, OAuthStrategy } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { send } from '../../../../test/support/http.js';
import { testServerForFile } from '../../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../../test/support/test-server.js';
import { MAX_CONDITIONS } from './parse-filter.js';

const server = testServerForFile();

const QUERY = '/stores-reader/v1/products/query-platformized';
const postQuery = (filter: unknown) =>
  send(`${server.url}${QUERY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: { filter } }),
  });
const branches = (count: number) => ({ $or: Array.from({ length: count }, (_, i) => ({ name: `p${i}` })) });
const TOO_MANY = {
  field: 'query.filter',
  violatedRule: 'MAX_SIZE',
  description: `must have at most ${MAX_CONDITIONS} conditions`,
  data: { max: MAX_CONDITIONS },
};

describe('the number of conditions in a filter (#18)', () => {
  it('accepts a filter of exactly the limit', async () => {
    expect((await postQuery(branches(MAX_CONDITIONS))).status).toBe(200);
  });

  it.each([
    ['one condition too many in $or', branches(MAX_CONDITIONS + 1)],
    ['a thousand $or branches', branches(1_000)],
    ['conditions spread over nested $and and $or', { $and: [branches(60), { $or: [branches(30), branches(30)] }] }],
    ['many operators on one field', { $or: Array.from({ length: 60 }, () => ({ price: { $gt: 1, $lt: 5 } })) }],
  ])('refuses %s with one violation naming the limit', async (_case, filter) => {
    const answer = await postQuery(filter);
    expect(answer.status).toBe(400);
    expect(answer.body.details.validationError.fieldViolations).toEqual([TOO_MANY]);
    expect(answer.body.message).toBe(`INVALID_ARGUMENT: "query.filter" must have at most ${MAX_CONDITIONS} conditions`);
  });

  it('refuses the same filter in a query string (GET)', async () => {
    const query = encodeURIComponent(JSON.stringify(branches(MAX_CONDITIONS + 1)));
    const response = await send(`${server.url}${QUERY}?query.filter=${query}`);
    expect([response.status, response.body.details.validationError.fieldViolations[0].data]).toEqual([400, { max: MAX_CONDITIONS }]);
  });

  it('refuses it in GraphQL variables', async () => {
    const shopper = createClient({ host: server.url, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
    const response = await shopper.graphql('query($f: JSON) { products(filter: $f) { total } }', { f: branches(MAX_CONDITIONS + 1) });
    expect(response.errors?.[0]?.extensions).toMatchObject({
      code: 'INVALID_ARGUMENT',
      validationError: { fieldViolations: [{ field: 'filter', violatedRule: 'MAX_SIZE', data: { max: MAX_CONDITIONS } }] },
    });
  });
});

describe('dates in a filter (#18)', () => {
  it.each([
    '2024-02-30T00:00:00Z',
    '2023-02-29T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-01-01T24:00:00Z',
    '2024-01-01T00:00:00+16:00',
    'garbage',
  ])('refuses %s with a FORMAT violation', async (date) => {
    const answer = await postQuery({ lastUpdated: { $gt: date } });
    expect(answer.status).toBe(400);
    expect(answer.body.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({ field: 'query.filter.lastUpdated.$gt', violatedRule: 'FORMAT', data: { type: 'DATE_TIME' } }),
    ]);
  });

  it.each(['2024-02-29T00:00:00Z', '0001-01-01T00:00:00Z', '2024-01-31T23:59:59.999999+14:00', '2024-06-01T12:00+0200'])(
    'accepts %s',
    async (date) => {
      expect((await postQuery({ createdDate: { $lt: date } })).status).toBe(200);
    },
  );
});
