import { beforeAll, describe, expect, it } from 'vitest';
import { memberTokens, send, visitorTokens } from '../../../test/support/http.js';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';

const server = testServerForFile();
let tokens: { visitor: string; member: string };
beforeAll(async () => {
  const visitor = await visitorTokens(server.url);
  const member = await memberTokens(server.url, server.apiKey, uniqueEmail(), 'correct horse battery staple');
  tokens = { visitor: visitor.access_token, member: member.access_token };
});

/** The catalogue write routes as registered: every non-reading route under the merchant prefixes. */
const WRITE_PREFIXES = ['/stores/v1/', '/v2/products-platformized', '/_api/media/'];
const writeRoutes = () =>
  server.app.routeList
    .filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method) && WRITE_PREFIXES.some((prefix) => route.url.startsWith(prefix)))
    .map((route) => ({ method: route.method, url: route.url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000') }));

/** Calls a route with a body that would be acceptable in form (the guard must answer before it matters). */
function call(route: { method: string; url: string }, authorization?: string) {
  const upload = route.url.startsWith('/_api/media/');
  const body = route.method === 'DELETE' ? undefined : upload ? new Uint8Array([0x89, 0x50]) : '{}';
  const headers: Record<string, string> = authorization ? { authorization } : {};
  if (body !== undefined) headers['content-type'] = upload ? 'image/png' : 'application/json';
  return send(`${server.url}${route.url}${upload ? '?fileName=x.png' : ''}`, { method: route.method, headers, body });
}

describe('merchant-only catalogue writes', () => {
  it('finds every write route of the merchant API in the route table', () => {
    const keys = writeRoutes().map((route) => `${route.method} ${route.url.replace(/0{8}-0{4}-4000-8000-0{12}/g, '{id}')}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /stores/v1/products',
        'PATCH /stores/v1/products/{id}',
        'DELETE /stores/v1/products/{id}',
        'PATCH /stores/v1/products/{id}/variants',
        'POST /stores/v1/products/{id}/variants/resetToDefault',
        'POST /stores/v1/collections/{id}/productIds',
        'POST /stores/v1/collections/{id}/productIds/delete',
        'POST /stores/v1/products/{id}/media',
        'POST /stores/v1/products/{id}/media/delete',
        'POST /stores/v1/products/{id}/media/reorder',
        'POST /stores/v1/products/{id}/media/alt-text',
        'PATCH /stores/v1/products/{id}/choices/media',
        'POST /stores/v1/products/{id}/choices/media/delete',
        'DELETE /stores/v1/products/{id}/options',
        'POST /stores/v1/products/{id}/remove-brand',
        'POST /stores/v1/products/{id}/remove-ribbon',
        'POST /stores/v1/collections',
        'PATCH /stores/v1/collections/{id}',
        'DELETE /stores/v1/collections/{id}',
        'POST /stores/v1/bulk/products/update',
        'POST /stores/v1/bulk/products/adjust-properties',
        'POST /v2/products-platformized',
        'PATCH /v2/products-platformized/{id}',
        'DELETE /v2/products-platformized/{id}',
        'POST /_api/media/v1/files',
        'DELETE /_api/media/v1/files/{id}',
      ]),
    );
  });

  it.each(['visitor', 'member'] as const)('refuses every write route to a %s token with 403 PERMISSION_DENIED', async (kind) => {
    const answers = await Promise.all(
      writeRoutes().map(async (route) => {
        const answer = await call(route, `Bearer ${tokens[kind]}`);
        return `${route.method} ${route.url} → ${answer.status} ${answer.body?.details?.applicationError?.code}`;
      }),
    );
    expect(answers.filter((answer) => !answer.endsWith('→ 403 PERMISSION_DENIED'))).toEqual([]);
  });

  it('refuses every write route without credentials with 401', async () => {
    const statuses = await Promise.all(writeRoutes().map(async (route) => `${route.method} ${route.url} → ${(await call(route)).status}`));
    expect(statuses.filter((status) => !status.endsWith('→ 401'))).toEqual([]);
  });

  it('lets the merchant key through the guard', async () => {
    const response = await call(
      { method: 'POST', url: '/stores/v1/products/00000000-0000-4000-8000-000000000000/remove-brand' },
      server.apiKey,
    );
    expect([response.status, response.body.details.applicationError.code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
  });
});
