import { createClient, OAuthStrategy, type OAuthStrategyInstance, VitrineError } from '@vitrine/sdk';
import { products } from '@vitrine/sdk/stores';
import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { freePort, TEST_CLIENT_ID } from '../../../test/support/test-server.js';

const server = testServerForFile();

/** An SDK client of `host` with the test client's OAuth strategy. */
const clientOf = (host: string) => {
  const auth = OAuthStrategy({ clientId: TEST_CLIENT_ID, host });
  return { auth: auth as OAuthStrategyInstance, client: createClient({ host, modules: { products }, auth }) };
};

/** The rejection of `promise` (the test fails when it resolves). */
const rejection = (promise: Promise<unknown>): Promise<VitrineError> =>
  promise.then(
    () => expect.unreachable('resolved'),
    (error: unknown) => error as VitrineError,
  );

describe('the SDK keeps the evidence of failures (#21)', () => {
  it("keeps the fetch's rejection as the cause of a network failure, message unchanged", async () => {
    const { auth, client } = clientOf(`http://127.0.0.1:${await freePort()}`);
    for (const failed of [auth.generateVisitorTokens(), client.products.getProduct('p1')]) {
      const error = await rejection(failed);
      expect(error).toBeInstanceOf(VitrineError);
      expect(error.message).toBe('System error occurred');
      expect(error.cause).toBeInstanceOf(TypeError);
      expect((error.cause as TypeError & { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
    }
  });

  it("carries the token endpoint's status and OAuth error on a refused refresh token", async () => {
    const { auth } = clientOf(server.url);
    const error = await rejection(auth.renewToken({ value: 'not-a-refresh-token', role: 'member' }));
    expect(error.message).toBe('something went wrong');
    expect(error).toMatchObject({ status: 400, oauthError: 'invalid_grant' });
    expect(error.oauthErrorDescription).toEqual(expect.any(String));
    expect(error.requestId).toEqual(expect.any(String));
  });

  it('keeps the refused code exchange as the cause of "Failed to get member tokens"', async () => {
    const { auth } = clientOf(server.url);
    const data = await auth.generateOAuthData('http://127.0.0.1:4000/callback');
    const error = await rejection(auth.getMemberTokens('vac_not-a-code', data.state, data));
    expect(error.message).toBe('Failed to get member tokens');
    expect(error.status).toBe(400);
    expect(error.cause).toMatchObject({ message: 'something went wrong', status: 400, oauthError: 'invalid_grant' });
  });
});
