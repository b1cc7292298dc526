/** Issue #18: the token endpoint answers every request it cannot read with an OAuth 400, never a 500. */
import { describe, expect, it } from 'vitest';
import { send } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';

const server = testServerForFile();

const json = 'application/json';
const form = 'application/x-www-form-urlencoded';

describe('/oauth2/token under malformed requests (#18)', () => {
  it.each([
    ['malformed JSON', json, '{"grantType":'],
    ['an empty JSON body', json, ''],
    ['null', json, 'null'],
    ['an array', json, '[]'],
    ['a string', json, '"anonymous"'],
    ['a number for clientId', json, '{"grantType":"anonymous","clientId":5}'],
    ['an array for redirect_uri', json, '{"grant_type":"authorization_code","redirect_uri":[]}'],
    ['an object for grantType', json, '{"grantType":{"$ne":1}}'],
    ['a clientId over the length limit', json, JSON.stringify({ grantType: 'anonymous', clientId: 'c'.repeat(5000) })],
    ['a NUL in clientId', json, '{"grantType":"anonymous","clientId":"test\\u0000client"}'],
    ['a lone surrogate in clientId', json, '{"grantType":"anonymous","clientId":"\\ud800"}'],
    ['a NUL in a form field', form, 'grant_type=anonymous&client_id=a%00b'],
    ['a wrong content type', 'text/xml', '<grant_type>anonymous</grant_type>'],
    ['no content type', '', 'grant_type=anonymous'],
  ])('answers %s with invalid_request', async (_case, type, body) => {
    const headers: Record<string, string> = type ? { 'content-type': type } : {};
    const response = await send(`${server.url}/oauth2/token`, { method: 'POST', headers, body });
    expect({ status: response.status, error: response.body?.error }).toEqual({ status: 400, error: 'invalid_request' });
    expect(response.body.error_description).toEqual(expect.any(String));
  });

  it('names the field that broke the rule', async () => {
    const body = JSON.stringify({ grantType: 'anonymous', clientId: 'a\u0000b' });
    const response = await send(`${server.url}/oauth2/token`, { method: 'POST', headers: { 'content-type': json }, body });
    expect(response.body).toEqual({
      error: 'invalid_request',
      error_description: 'clientId must not contain NUL characters or unpaired UTF-16 surrogates',
    });
  });
});
