import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, send } from '../../../test/support/http.js';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';

const LOGIN = '/_api/iam/authentication/v2/login';
const THROWS = '/_test/throws';
const INTERNALS = 'connection to 10.0.0.7 failed for user shop_admin';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    { BODY_LIMIT: '2048' },
    {
      beforeListen(app) {
        app.get(THROWS, { schema: { hide: true } }, async () => {
          throw new Error(INTERNALS);
        });
        app.get('/_test/items/:id', { schema: { hide: true } }, async () => ({}));
      },
    },
  );
});
afterAll(() => server?.close());

const post = (body: string, contentType: string) =>
  send(`${server.url}${LOGIN}`, { method: 'POST', headers: { 'content-type': contentType }, body });

describe('application errors of the platform (WIRE.md "server side")', () => {
  it('answers an unknown route with 404 NOT_FOUND', async () => {
    const response = await send(`${server.url}/no/such/route?q=1`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      message: 'Not Found',
      details: { applicationError: { description: 'No route for GET /no/such/route', code: 'NOT_FOUND', data: {} } },
    });
  });

  it('answers a body that is not JSON with 400 BAD_REQUEST, not a 500', async () => {
    const response = await post('{"loginId": ', 'application/json');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'Bad Request',
      details: { applicationError: { description: 'Body is not valid JSON', code: 'BAD_REQUEST', data: {} } },
    });
  });

  it('answers a text/plain body to a JSON route with 415', async () => {
    const response = await post('{"loginId":{"email":"a@example.com"},"password":"x"}', 'text/plain');
    expect(response.status).toBe(415);
    expect(response.body).toEqual({
      message: 'Unsupported Media Type',
      details: { applicationError: { description: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE', data: {} } },
    });
  });

  it('answers a body over BODY_LIMIT with 413', async () => {
    const response = await postJson(server.url, LOGIN, { loginId: { email: 'a@example.com' }, password: 'x'.repeat(3000) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      message: 'Payload Too Large',
      details: { applicationError: { description: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE', data: {} } },
    });
  });

  it('answers an undecodable URL with 400 in the same form (it never reaches a route)', async () => {
    const response = await send(`${server.url}/_api/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'Bad Request',
      details: { applicationError: { description: 'The URL is not valid', code: 'BAD_REQUEST', data: {} } },
    });
  });

  it('answers a path parameter over 500 characters with 414 in the same form', async () => {
    const response = await send(`${server.url}/_test/items/${'x'.repeat(600)}`);
    expect(response.status).toBe(414);
    expect(response.headers.get('x-wix-request-id')).toBeTruthy();
    expect(response.body).toEqual({
      message: 'URI Too Long',
      details: { applicationError: { description: 'A path parameter is too long', code: 'URI_TOO_LONG', data: {} } },
    });
  });
});

describe('validation errors', () => {
  it('answers a field of the wrong type with 400 and its field violation', async () => {
    const response = await postJson(server.url, LOGIN, { loginId: { email: 5 }, password: 'x' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'INVALID_ARGUMENT: "loginId.email" must be a string',
      details: {
        validationError: { fieldViolations: [{ field: 'loginId.email', description: 'must be a string', violatedRule: 'VALIDATION' }] },
      },
    });
  });

  it('names a missing field REQUIRED_FIELD and an unknown one FIELD_NOT_ALLOWED', async () => {
    const response = await postJson(server.url, LOGIN, { loginId: {}, password: 'x', remember: true });
    expect(response.status).toBe(400);
    expect(response.body.details.validationError.fieldViolations).toEqual([
      { field: 'loginId.email', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
      { field: 'remember', description: 'is not a known field', violatedRule: 'FIELD_NOT_ALLOWED' },
    ]);
  });

  it('answers a JSON body that is not an object with 400, not a 500', async () => {
    const response = await post('"just a string"', 'application/json');
    expect(response.status).toBe(400);
    expect(response.body.details.validationError.fieldViolations).toMatchObject([
      { description: 'must be an object', violatedRule: 'VALIDATION' },
    ]);
  });
});

describe('unexpected exceptions', () => {
  it('are masked as 500 System error occurred naming the request id', async () => {
    const response = await send(`${server.url}${THROWS}`);
    const id = response.headers.get('x-wix-request-id');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      message: 'System error occurred',
      details: {
        applicationError: { description: `System error occurred, request-id: ${id}`, code: 'SYSTEM_ERROR', data: { requestId: id } },
      },
    });
  });

  it("never show the exception's message", async () => {
    const response = await send(`${server.url}${THROWS}`);
    expect(response.text).not.toContain('10.0.0.7');
    expect(response.text).not.toContain('shop_admin');
  });
});

describe('answers without data', () => {
  it('are {} rather than an empty body', async () => {
    const response = await postJson(server.url, '/_api/iam/recovery/v1/send-email', { email: 'nobody@example.com' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.text).toBe('{}');
  });
});
