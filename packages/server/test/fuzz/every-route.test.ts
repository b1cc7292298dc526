/**
 * Issue #18: no input makes a 5xx or stops the shop. Walks every route of the OpenAPI document with
 * generated hostile requests (bodies, query strings, path parameters, headers, content types) as
 * anonymous, visitor, member and merchant callers, and asserts no answer is a 5xx and the server
 * answers its health check after each route. A fixed seed runs in `npm test`; `FUZZ_RUNS=<n>` (runs
 * per route) and `FUZZ_SEED=<n>` explore further.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollection } from '../support/catalog-fixtures.js';
import { lineOf, memberClient, stockedProduct, usShipping, visitorClient } from '../support/checkout-fixtures.js';
import { uniqueEmail } from '../support/mailbox.js';
import { testServerForFile } from '../support/server-for-file.js';
import { TEST_CLIENT_ID } from '../support/test-server.js';
import { hostileFilter, hostileString, hostileValue } from './hostile-values.js';
import { type JsonSchema, type OpenApiDocument, type Operation, operationsOf } from './openapi-operations.js';
import { schemaValue } from './schema-values.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 18);

const server = testServerForFile();
let operations: Operation[];
let shaped: (schema: JsonSchema) => fc.Arbitrary<unknown>;
/** Ids of real entities, so that generated requests reach past "not found". */
const realIds: string[] = [];
/** Authorization header values: none, a visitor's, a member's, a merchant's token, the merchant API key, garbage. */
const credentials: (string | undefined)[] = [undefined, 'Bearer not-a-token'];
let sent = 0;

beforeAll(async () => {
  const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as OpenApiDocument;
  operations = operationsOf(doc);
  await usShipping(server);
  const product = await stockedProduct(server, { quantity: 50 });
  const collection = await insertCollection(server.database.db, { name: 'Fuzzed' });
  const member = await memberClient(server);
  await member.client.currentCart.addToCurrentCart({ lineItems: [lineOf(product._id)] });
  const { checkoutId } = await member.client.currentCart.createCheckoutFromCurrentCart();
  const visitor = visitorClient(server);
  await visitor.currentCart.addToCurrentCart({ lineItems: [lineOf(product._id)] });
  const merchant = await server.services.merchants.create(uniqueEmail('merchant'));
  const merchantToken = await server.services.keys.sign({ sub: merchant.identity.id, role: 'merchant', client_id: 'vitrine-console' }, 600);
  realIds.push(product._id, product.slug as string, collection.id, collection.slug, member.memberId, checkoutId as string, TEST_CLIENT_ID);
  shaped = schemaValue(doc, realIds);
  const visitorTokens = await visitor.auth.getTokens();
  const memberTokens = await member.client.auth.getTokens();
  credentials.push(
    `Bearer ${visitorTokens.accessToken.value}`,
    `Bearer ${memberTokens.accessToken.value}`,
    `Bearer ${merchantToken}`,
    server.apiKey,
  );
});
afterAll(async () => {
  console.log(`fuzz: ${sent} requests to ${operations?.length ?? 0} routes (seed ${SEED}, ${RUNS} runs a route)`);
});

/** One generated request. */
interface HostileRequest {
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Lone surrogates cannot be percent-encoded: they travel as U+FFFD, as a browser sends them. */
const encode = (raw: string) => encodeURIComponent(Buffer.from(raw).toString());

const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'image/png',
  'application/json; charset=latin1',
  '',
];

/** Bodies no serializer makes: broken JSON, nesting deeper than any parser's stack, broken form encoding. */
const RAW_BODIES = [
  '',
  'null',
  '[]',
  '{',
  '{"a":',
  '"x"',
  '0',
  '{"__proto__":{"x":1}}',
  'a=%00&b=%ZZ&c',
  '\u0000',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
];

function requestOf(operation: Operation, shaped: (schema: JsonSchema) => fc.Arbitrary<unknown>): fc.Arbitrary<HostileRequest> {
  const ids = realIds;
  const fields = Object.keys(operation.body?.schema.properties ?? { name: {} });
  const pathValues = fc.tuple(...operation.pathParams.map(() => fc.oneof(fc.constantFrom(...ids), hostileString(ids))));
  const documented = Object.entries(operation.query).map(([name, schema]) =>
    shaped(schema).map((value): [string, string] => [name, text(value)]),
  );
  const invented = fc.tuple(
    fc.constantFrom('filter', 'paging.limit', 'sort', '$or', 'fields'),
    fc.oneof(hostileString(ids), hostileFilter(ids).map(text)),
  );
  const query = fc.array(fc.oneof(invented, ...documented), { maxLength: 4 });
  const bodyObject = operation.body
    ? shaped(operation.body.schema)
    : fc.dictionary(fc.constantFrom(...fields), hostileValue(ids, fields), { maxKeys: 4 });
  const asForm = (generated: unknown) =>
    Object.entries(generated && typeof generated === 'object' ? generated : { value: generated })
      .map(([name, value]) => `${encode(name)}=${encode(text(value))}`)
      .join('&');
  const body = fc.oneof(
    {
      weight: 6,
      arbitrary: bodyObject.map((formBody) => ({
        type: operation.body?.type ?? 'application/json',
        text: operation.body?.type.includes('form') ? asForm(formBody) : (JSON.stringify(formBody) ?? ''),
      })),
    },
    { weight: 2, arbitrary: hostileValue(ids, fields).map((value) => ({ type: 'application/json', text: JSON.stringify(value) ?? '' })) },
    { weight: 1, arbitrary: bodyObject.map((formBody) => ({ type: 'application/x-www-form-urlencoded', text: asForm(formBody) })) },
    { weight: 2, arbitrary: fc.record({ type: fc.constantFrom(...CONTENT_TYPES), text: fc.constantFrom(...RAW_BODIES) }) },
  );
  const headers = fc.record(
    {
      authorization: fc.constantFrom(...credentials),
      accept: fc.constantFrom('*/*', 'text/html', 'application/json', 'x/y;q=abc'),
      'idempotency-key': fc.oneof(fc.string({ maxLength: 20 }), fc.constant('k'.repeat(5000))),
      'accept-language': fc.constantFrom('de', '*', 'x'.repeat(300), ';;;'),
      cookie: fc.constantFrom('vitrine_session=garbage', 'a=%ZZ', 'x'.repeat(4000)),
      // The server's own origin passes the same-origin checks (the console session), so its bodies get read.
      origin: fc.constantFrom(server.url, 'https://evil.example', 'null'),
    },
    { requiredKeys: ['authorization'] },
  );
  const hasBody = operation.method !== 'GET' && operation.method !== 'HEAD';
  return fc
    .record({ pathValues, query, body: hasBody ? fc.option(body, { nil: undefined }) : fc.constant(undefined), headers })
    .map(({ pathValues, query, body, headers }) => {
      let path = operation.path;
      operation.pathParams.forEach((name, i) => {
        path = path.replace(`{${name}}`, encode(String(pathValues[i])));
      });
      const search = query.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
      const all: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) all[name] = value;
      if (body?.type) all['content-type'] = body.type;
      return { path: search ? `${path}?${search}` : path, headers: all, body: body?.text };
    });
}

/** Sends one request; its status, or the network failure's message (a dropped connection is a failure too). */
async function answerOf(operation: Operation, request: HostileRequest): Promise<{ status: number; text: string }> {
  sent++;
  try {
    const res = await fetch(`${server.url}${request.path}`, {
      method: operation.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
    });
    return { status: res.status, text: (await res.text()).slice(0, 300) };
  } catch (error) {
    return { status: 0, text: `${(error as Error).message}: ${String((error as Error).cause)}` };
  }
}

describe('every route under hostile input (#18)', () => {
  it('answers no request with a 5xx and keeps answering its health check', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      await fc.assert(
        fc.asyncProperty(requestOf(operation, shaped), async (request) => {
          const answer = await answerOf(operation, request);
          // GraphQL answers its masked internal errors with 200: the system error in the body counts as a 5xx.
          if (answer.status >= 500 || answer.status === 0 || answer.text.includes('System error occurred')) {
            failures.push(
              `${operation.method} ${operation.path} → ${answer.status} ${answer.text} [${request.path.slice(0, 200)} ${request.headers['content-type'] ?? ''} ${request.body?.slice(0, 200) ?? ''}]`,
            );
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status, `health after ${operation.method} ${operation.path}`).toBe(200);
    }
    expect(failures).toEqual([]);
  });
});
