import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientMessage } from '../../platform/wire-errors.js';
import { invalidRequestOf, OAuthError } from './errors.js';
import type { SigningKeys } from './keys.js';
import { JwksResponse, OAuthErrorResponse, TokenRequest, TokenResponse } from './schemas.js';
import type { OAuthService } from './service.js';

export interface OAuthRouteDeps {
  oauth: OAuthService;
  keys: SigningKeys;
}

/**
 * The route error handler of endpoints that answer in OAuth's form (RFC 6749 §5.2): a request the
 * endpoint cannot read is `invalid_request`, whatever broke it (JSON, content type, schema, the
 * string rule); everything else goes to the app's handler.
 */
export function oauthRequestErrors(app: FastifyInstance) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const oauthError = invalidRequestOf(err, clientMessage(err));
    if (!oauthError) return app.errorHandler(err, request, reply);
    return reply.status(400).send({ error: oauthError.error, error_description: oauthError.description });
  };
}

/** `/oauth2/token` (every grant) and the JWKS that verifies access tokens. */
export async function oauthRoutes(app: FastifyInstance, deps: OAuthRouteDeps): Promise<void> {
  const router = app.withTypeProvider<ZodTypeProvider>();

  router.post(
    '/oauth2/token',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Token endpoint: anonymous, refresh_token, authorization_code (PKCE), authorized_client',
        body: TokenRequest,
        response: { 200: TokenResponse, 400: OAuthErrorResponse, 401: OAuthErrorResponse },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      errorHandler: oauthRequestErrors(app),
    },
    async (request, reply) => {
      const b = request.body;
      const grant = b.grantType ?? b.grant_type;
      const clientId = b.clientId ?? b.client_id;
      reply.header('cache-control', 'no-store');
      try {
        switch (grant) {
          case 'anonymous':
            return await deps.oauth.anonymous(clientId);
          case 'refresh_token':
            return await deps.oauth.refresh(clientId, b.refreshToken ?? b.refresh_token);
          case 'authorization_code':
            return await deps.oauth.exchangeCode({
              clientId,
              code: b.code,
              codeVerifier: b.codeVerifier ?? b.code_verifier,
              redirectUri: b.redirectUri ?? b.redirect_uri,
            });
          case 'authorized_client':
            return await deps.oauth.authorizedClient(request.caller, {
              clientId,
              memberId: b.member_id ?? b.memberId,
              sessionToken: b.session_token ?? b.sessionToken,
            });
          case undefined:
            throw new OAuthError('invalid_request', 'grant_type is required');
          default:
            throw new OAuthError('unsupported_grant_type', `grant_type ${JSON.stringify(grant)} is not supported`);
        }
      } catch (e) {
        if (!(e instanceof OAuthError)) throw e;
        return reply.status(e.status as 400 | 401).send({ error: e.error, error_description: e.description });
      }
    },
  );

  const jwks = async () => deps.keys.jwks();
  const jwksSchema = { schema: { tags: ['oauth'], summary: 'Public keys that verify access tokens', response: { 200: JwksResponse } } };
  router.get('/oauth2/jwks', jwksSchema, jwks);
  router.get('/.well-known/jwks.json', jwksSchema, jwks);
}
