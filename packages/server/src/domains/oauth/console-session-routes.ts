/**
 * The console's token-mediating endpoint (IETF "OAuth 2.0 for Browser-Based Apps", token-mediating
 * backend): the console's page never holds a refresh token. Its code exchange and renewals come here;
 * the refresh token lives in an HttpOnly, SameSite=Strict cookie scoped to this path, and the page
 * gets the access token only. Page script (an injected one included) can use the session while the
 * page is open, but cannot carry the merchant's refresh token away.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OAuthError } from './errors.js';
import { oauthRequestErrors } from './routes.js';
import { ConsoleAccessAnswer, ConsoleSignInRequest, OAuthErrorResponse } from './schemas.js';
import type { OAuthService, TokenAnswer } from './service.js';

/** Where the endpoint lives; the refresh cookie is sent to this path (and below) only. */
const CONSOLE_SESSION_PATH = '/console/session';
/** The cookie holding the console's refresh token. */
export const CONSOLE_REFRESH_COOKIE = 'vitrine_console_refresh';

export interface ConsoleSessionRouteDeps {
  oauth: Pick<OAuthService, 'exchangeCode' | 'refresh' | 'revokeRefreshFamilyOf'>;
  /** the console's OAuth client: the only one this endpoint signs in and renews */
  clientId: string;
  /** the server's public URL: its origin is the only one allowed to call, https makes the cookie Secure */
  publicUrl: string;
  /** how long the cookie lives (seconds): the refresh token's lifetime */
  refreshTtl: number;
}

const refusal = (reply: FastifyReply, status: 400 | 401 | 403, error: OAuthError) =>
  reply.status(status).send({ error: error.error, error_description: error.description });

/**
 * Why a request may not use the session, or undefined when it may: it must come from a page of the
 * server's own origin (`Origin`) and carry `content-type: application/json`, which a cross-site form
 * cannot send and a cross-site script cannot send without a CORS preflight this endpoint never grants.
 */
function crossSiteProblem(request: FastifyRequest, origin: string): string | undefined {
  const from = request.headers.origin;
  if (from !== origin) return `Origin ${from ? JSON.stringify(from) : 'missing'}: only ${origin} may use the console session`;
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') return 'content-type must be application/json';
  return undefined;
}

/** `POST /console/session/sign-in`, `/renew` and `/sign-out`: the console's session, its refresh token in a cookie. */
export async function consoleSessionRoutes(app: FastifyInstance, deps: ConsoleSessionRouteDeps): Promise<void> {
  const router = app.withTypeProvider<ZodTypeProvider>();
  const origin = new URL(deps.publicUrl).origin;
  const cookieOptions = {
    path: CONSOLE_SESSION_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: new URL(deps.publicUrl).protocol === 'https:',
  } as const;

  router.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const problem = crossSiteProblem(request, origin);
    if (problem) return refusal(reply, 403, new OAuthError('invalid_request', problem));
  });

  /** Answers the access token of `tokens` and keeps their refresh token in the cookie. */
  const answer = (reply: FastifyReply, tokens: TokenAnswer) => {
    reply.setCookie(CONSOLE_REFRESH_COOKIE, tokens.refresh_token, { ...cookieOptions, maxAge: deps.refreshTtl });
    return { access_token: tokens.access_token, token_type: tokens.token_type, expires_in: tokens.expires_in };
  };
  /** An OAuth refusal as its answer (a refused session's cookie is cleared); anything else is not ours to answer. */
  const refused = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof OAuthError)) throw error;
    reply.clearCookie(CONSOLE_REFRESH_COOKIE, cookieOptions);
    return refusal(reply, error.status as 400 | 401, error);
  };
  const responses = { 200: ConsoleAccessAnswer, 400: OAuthErrorResponse, 401: OAuthErrorResponse, 403: OAuthErrorResponse };
  const rateLimit = { max: 120, timeWindow: '1 minute' };
  // A body or string the schema refuses is an OAuth invalid_request, as at /oauth2/token.
  const errorHandler = oauthRequestErrors(app);

  router.post(
    `${CONSOLE_SESSION_PATH}/sign-in`,
    {
      schema: {
        tags: ['console'],
        summary: "The console's code exchange (PKCE): the refresh token goes to a cookie",
        body: ConsoleSignInRequest,
        response: responses,
      },
      config: { rateLimit },
      errorHandler,
    },
    async (request, reply) => {
      try {
        return answer(reply, await deps.oauth.exchangeCode({ ...request.body, clientId: deps.clientId }));
      } catch (error) {
        return refused(reply, error);
      }
    },
  );

  router.post(
    `${CONSOLE_SESSION_PATH}/renew`,
    {
      schema: { tags: ['console'], summary: "A new access token for the console's session cookie (rotated)", response: responses },
      config: { rateLimit },
      errorHandler,
    },
    async (request, reply) => {
      const refreshToken = request.cookies[CONSOLE_REFRESH_COOKIE];
      try {
        if (!refreshToken) throw new OAuthError('invalid_grant', 'no console session: sign in');
        return answer(reply, await deps.oauth.refresh(deps.clientId, refreshToken));
      } catch (error) {
        return refused(reply, error);
      }
    },
  );

  router.post(
    `${CONSOLE_SESSION_PATH}/sign-out`,
    {
      schema: {
        tags: ['console'],
        summary: "Ends the console's session: its refresh tokens are revoked, the cookie cleared",
        response: { 204: z.null(), 403: OAuthErrorResponse },
      },
      config: { rateLimit },
      errorHandler,
    },
    async (request, reply) => {
      const refreshToken = request.cookies[CONSOLE_REFRESH_COOKIE];
      if (refreshToken) await deps.oauth.revokeRefreshFamilyOf(deps.clientId, refreshToken);
      reply.clearCookie(CONSOLE_REFRESH_COOKIE, cookieOptions);
      return reply.status(204).send(null);
    },
  );
}
