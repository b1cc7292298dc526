import { createClient, OAuthStrategy } from '@vitrine/sdk';
import { redirects } from '@vitrine/sdk/redirects';
import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

const server = testServerForFile({
  VITRINE_REDIRECT_TEMPLATES: JSON.stringify({ paidPlansCheckout: 'https://plans.example/checkout/{planId}?s={id}' }),
});

const shop = () => createClient({ host: server.url, modules: { redirects }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/**
 * Posts an auth session's request as raw JSON (the SDK would refuse a wrong one before sending): a
 * valid fragment request with `change` over it.
 */
function postAuthRequest(change: Record<string, unknown>): Promise<Response> {
  const authRequest = {
    clientId: TEST_CLIENT_ID,
    redirectUri: 'http://127.0.0.1:4000/callback',
    responseMode: 'fragment',
    state: 's',
    codeChallenge: CHALLENGE,
    codeChallengeMethod: 'S256',
    ...change,
  };
  return fetch(`${server.url}/_api/redirects-api/v1/redirect-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ auth: { authRequest } }),
  });
}

describe('POST /_api/redirects-api/v1/redirect-session', () => {
  it('points an auth session at this server’s authorize endpoint', async () => {
    const { redirectSession } = await shop().redirects.createRedirectSession({
      auth: {
        authRequest: {
          clientId: TEST_CLIENT_ID,
          redirectUri: 'http://127.0.0.1:4000/callback',
          responseType: 'code',
          responseMode: 'fragment',
          scope: 'offline_access',
          state: 'st-1',
          codeChallenge: CHALLENGE,
          codeChallengeMethod: 'S256',
        },
        prompt: 'login',
      },
    });
    expect(redirectSession?.fullUrl).toBe(`${server.url}/oauth2/authorize?session=${redirectSession?._id}`);
    expect(redirectSession?.urlDetails?.endpoint).toBe(`${server.url}/oauth2/authorize`);
  });

  it('points a product session at the product page and keeps additional query parameters', async () => {
    const { redirectSession } = await shop().redirects.createRedirectSession({
      storesProduct: { productSlug: 'blue mug' },
      preferences: { additionalQueryParameters: { utm_source: 'mail' } },
    });
    const url = new URL(redirectSession?.fullUrl as string);
    expect(url.pathname).toBe('/products/blue%20mug');
    expect(url.searchParams.get('utm_source')).toBe('mail');
  });

  it('fills a merchant template for flows hosted elsewhere', async () => {
    const { redirectSession } = await shop().redirects.createRedirectSession({
      paidPlansCheckout: { planId: 'gold plan', checkoutData: 'x' },
    });
    expect(redirectSession?.fullUrl).toMatch(/^https:\/\/plans\.example\/checkout\/gold%20plan\?s=rs_/);
  });

  it('fails with a clear application error when the merchant configured no page for the flow', async () => {
    const error = await thrown(shop().redirects.createRedirectSession({ bookingsBook: { resourceId: 'r1' } }));
    expect(error.status).toBe(400);
    expect(error.details?.applicationError?.code).toBe('FLOW_NOT_CONFIGURED');
  });

  it('refuses callbacks that are not registered redirect URIs of the caller’s client', async () => {
    const error = await thrown(
      shop().redirects.createRedirectSession({
        ecomCheckout: { checkoutId: 'c1' },
        callbacks: { thankYouPageUrl: 'https://evil.example/' },
      }),
    );
    expect(error.details?.applicationError).toMatchObject({ code: 'UNREGISTERED_URI', data: { field: 'callbacks.thankYouPageUrl' } });
  });

  it('accepts registered callbacks', async () => {
    const { redirectSession } = await shop().redirects.createRedirectSession({
      logout: { clientId: TEST_CLIENT_ID },
      callbacks: { postFlowUrl: 'http://127.0.0.1:4000/' },
    });
    expect(new URL(redirectSession?.fullUrl as string).pathname).toBe('/account/logout');
  });

  it.each([
    ['an unregistered redirect URI', { redirectUri: 'https://evil.example/cb' }, 'UNREGISTERED_URI'],
    ['an unknown client', { clientId: 'nobody' }, 'UNKNOWN_CLIENT'],
    [
      'web_message without a redirect URI or registered origin',
      { redirectUri: undefined, responseMode: 'web_message' },
      'NO_MESSAGE_ORIGIN',
    ],
    ['a fragment answer without a redirect URI', { redirectUri: undefined }, 'REDIRECT_URI_REQUIRED'],
    ['a session token that is not valid', { sessionToken: 'vst_nope' }, 'INVALID_SESSION_TOKEN'],
  ])('refuses an auth request with %s', async (_name, change, code) => {
    const response = await postAuthRequest(change);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { details: { applicationError: { code: string } } };
    expect(body.details.applicationError.code).toBe(code);
  });

  it.each([
    ['a missing code challenge', { codeChallenge: undefined }, 'auth.authRequest.codeChallenge', 'REQUIRED_FIELD'],
    ['the plain challenge method', { codeChallengeMethod: 'plain' }, 'auth.authRequest.codeChallengeMethod', 'INVALID_ENUM_VALUE'],
    ['an unknown field', { extra: 1 }, 'auth.authRequest.extra', 'FIELD_NOT_ALLOWED'],
  ])('answers field violations for %s', async (_name, change, field, rule) => {
    const response = await postAuthRequest(change);
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      details: { validationError: { fieldViolations: { field: string; violatedRule: string }[] } };
    };
    expect(body.details.validationError.fieldViolations).toContainEqual(expect.objectContaining({ field, violatedRule: rule }));
  });

  it('requires exactly one flow', async () => {
    const error = await thrown(
      shop().redirects.createRedirectSession({ storesProduct: { productSlug: 'a' }, ecomCheckout: { checkoutId: 'c' } }),
    );
    expect(error.details?.applicationError?.code).toBe('NO_FLOW');
  });
});
