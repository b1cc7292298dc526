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
      const body = request.body;
      const grant = body.grantType ?? body.grant_type;
      const clientId = body.clientId ?? body.client_id;
      reply.header('cache-control', 'no-store');
      try {
        switch (grant) {
          case 'anonymous':
            return await deps.oauth.anonymous(clientId);
          case 'refresh_token':
            return await deps.oauth.refresh(clientId, body.refreshToken ?? body.refresh_token);
          case 'authorization_code':
            return await deps.oauth.exchangeCode({
              clientId,
              code: body.code,
              codeVerifier: body.codeVerifier ?? body.code_verifier,
              redirectUri: body.redirectUri ?? body.redirect_uri,
            });
          case 'authorized_client':
            return await deps.oauth.authorizedClient(request.caller, {
              clientId,
              memberId: body.member_id ?? body.memberId,
              sessionToken: body.session_token ?? body.sessionToken,
            });
          case undefined:
            throw new OAuthError('invalid_request', 'grant_type is required');
          default:
            throw new OAuthError('unsupported_grant_type', `grant_type ${JSON.stringify(grant)} is not supported`);
        }
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        return reply.status(error.status as 400 | 401).send({ error: error.error, error_description: error.description });
      }
    },
  );

  const jwks = async () => deps.keys.jwks();
  const jwksSchema = { schema: { tags: ['oauth'], summary: 'Public keys that verify access tokens', response: { 200: JwksResponse } } };
  router.get('/oauth2/jwks', jwksSchema, jwks);
  router.get('/.well-known/jwks.json', jwksSchema, jwks);
}
