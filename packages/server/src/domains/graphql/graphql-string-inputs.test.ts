/**
 * Issue #18: strings GraphQL decodes itself (escapes in literals, GET variables) follow the one
 * string rule: an error naming the problem, where a NUL reached the database as a masked
 * "System error occurred".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { send, visitorTokens } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';

const server = testServerForFile();
let authorization: string;
beforeAll(async () => {
  authorization = `Bearer ${(await visitorTokens(server.url)).access_token}`;
});

const BY_SLUG = 'query($s: String!) { product(slug: $s) { name } }';

describe('GraphQL strings under the one string rule (#18)', () => {
  it.each([
    ['a product slug', '{ product(slug: "a\\u0000b") { name } }'],
    ['a filter value', '{ products(filter: {name: "a\\u0000"}) { total } }'],
  ])('refuses a NUL escape in %s literal as a validation error', async (_case, query) => {
    const response = await send(`${server.url}/graphql/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ query }),
    });
    expect(response.body.data).toBeUndefined();
    expect(response.body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(
          /^A string literal \(line 1, column \d+\) must not contain NUL characters or unpaired UTF-16 surrogates$/,
        ),
      }),
    ]);
  });

  it('refuses a NUL in the variables of a GET, naming the variable', async () => {
    const variables = encodeURIComponent('{"s":"a\\u0000"}');
    const response = await send(`${server.url}/graphql/v1?query=${encodeURIComponent(BY_SLUG)}&variables=${variables}`, {
      headers: { authorization },
    });
    expect(response.body.errors).toEqual([
      expect.objectContaining({
        extensions: expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          validationError: { fieldViolations: [expect.objectContaining({ field: 'variables.s', violatedRule: 'FORMAT' })] },
        }),
      }),
    ]);
  });
});
