import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AuthErrors, requireCaller } from '../../platform/caller.js';
import { DomainError, ValidationFailure } from '../../platform/errors.js';
import { PASSWORD_POLICY } from './credentials.js';
import * as schemas from './schemas.js';
import type { IdentityService, RequestContext } from './service.js';
import type { SsoService } from './sso-service.js';
import type { AuthResponse } from './wire-identity.js';

export interface IdentityRouteDeps {
  identity: IdentityService;
  sso: SsoService;
  /** Requests a minute per client IP on the credential and code routes. */
  rateLimitPerMinute: number;
}

const AUTH = '/_api/iam/authentication';
const RECOVERY = '/_api/iam/recovery/v1';
const VERIFICATION = '/_api/iam/verification/v1';
const POLICY = `Password policy: ${PASSWORD_POLICY.minLength}–${PASSWORD_POLICY.maxLength} characters, not only whitespace, not the e-mail address, not one of the most common passwords.`;

/**
 * The identity API under the reference's paths: authentication (v1 and v2), recovery and
 * verification. Routes translate wire forms and callers; the service holds the rules.
 */
export async function identityRoutes(app: FastifyInstance, deps: IdentityRouteDeps): Promise<void> {
  const router = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: '1 minute' } };
  const id = deps.identity;

  /** Route options: tags, summary, body and response schemas, and the rate limit unless `open`. */
  function route<B extends z.ZodType, R extends z.ZodType>(summary: string, body: B, ok: R, open = false) {
    return {
      schema: { tags: ['identity'], summary, body, response: { 200: ok, ...schemas.ErrorResponses } },
      ...(open ? {} : { config: limited }),
    };
  }

  router.post(
    `${AUTH}/v2/register`,
    route(`Register a member with e-mail and password. ${POLICY}`, schemas.RegisterV2Body, schemas.AuthResponse),
    async (request) => {
      const body = request.body;
      return id.register(
        { email: body.loginId.email, password: body.password, profile: body.profile, captchaTokens: body.captchaTokens },
        contextOf(request),
      );
    },
  );

  router.post(
    `${AUTH}/v2/login`,
    route('Log a member in with e-mail and password', schemas.LoginV2Body, schemas.AuthResponse),
    async (request) => {
      const body = request.body;
      return id.login({ email: body.loginId.email, password: body.password, captchaTokens: body.captchaTokens }, contextOf(request));
    },
  );

  router.post(
    `${AUTH}/v1/register`,
    route(`Register a member (v1 form: identifiers, authenticator, inputs). ${POLICY}`, schemas.RegisterV1Body, schemas.V1AuthResponse),
    async (request) => {
      const body = request.body;
      const index = Math.max(
        0,
        body.identity.identifiers.findIndex((identifier) => identifier.email !== undefined),
      );
      const fields = { 'loginId.email': `identity.identifiers[${index}].email`, password: 'inputs.password' };
      const answer = await renamed(fields, () =>
        id.register(
          {
            email: body.identity.identifiers[index]?.email ?? '',
            password: body.inputs.password,
            profile: body.identity.identityProfile,
            captchaTokens: body.captchaTokens,
          },
          contextOf(request),
        ),
      );
      return v1(answer);
    },
  );

  router.post(`${AUTH}/v1/login`, route('Log a member in (v1 form)', schemas.LoginV1Body, schemas.V1AuthResponse), async (request) => {
    const body = request.body;
    const fields = { 'loginId.email': body.identifier?.email !== undefined ? 'identifier.email' : 'loginId.email' };
    const email = body.identifier?.email ?? body.loginId?.email ?? '';
    const answer = await renamed(fields, () =>
      id.login({ email, password: body.inputs.password, captchaTokens: body.captchaTokens }, contextOf(request)),
    );
    return v1(answer);
  });

  router.post(
    `${AUTH}/v1/sso/login-with-token-params`,
    {
      schema: {
        tags: ['identity'],
        summary:
          'Log a member in with an ID token of a configured OIDC identity provider (tokenParams.id_token): finds the member by ' +
          'its link to the provider account or by e-mail, or creates it; answers like login',
        body: schemas.SsoLoginBody,
        response: { 200: schemas.AuthResponse, ...schemas.SsoErrorResponses },
      },
      config: limited,
    },
    async (request) => {
      const body = request.body;
      return deps.sso.loginWithTokenParams({ idpConnectionId: body.idpConnectionId, tokenParams: body.tokenParams }, contextOf(request));
    },
  );

  router.post(
    `${AUTH}/v2/change-password`,
    route(`Change the calling member's password. ${POLICY}`, schemas.ChangePasswordBody, schemas.Empty),
    async (request) => {
      const caller = requireCaller(request, 'member');
      if (caller.kind !== 'member') throw new DomainError(AuthErrors.PERMISSION_DENIED);
      return id.changePassword(caller.memberId, request.body.newPassword, caller.sessionId);
    },
  );

  router.post(
    `${AUTH}/v2/sign-on`,
    route(
      'Sign a member on without a password (merchant API key): finds or creates the member, answers a session token',
      schemas.SignOnBody,
      schemas.SignOnResponse,
      true,
    ),
    async (request) => {
      requireCaller(request, 'merchant');
      const body = request.body;
      return id.signOn({ email: body.loginId.email, profile: body.profile, verifyEmail: body.verifyEmail }, contextOf(request));
    },
  );

  router.post(
    `${AUTH}/v1/state/proceed`,
    route(
      'Re-evaluate a pending state (e.g. after owner approval): SUCCESS with a session token, or the pending state',
      schemas.StateTokenBody,
      schemas.AuthResponse,
    ),
    async (request) => id.proceed({ stateToken: request.body.stateToken }, contextOf(request)),
  );

  router.post(
    `${AUTH}/v2/validate-email`,
    route('Whether an e-mail can register (well-formed, not taken)', schemas.ValidateEmailBody, schemas.ValidateEmailResponse),
    async (request) => id.validateEmail(request.body.email),
  );

  router.post(
    `${RECOVERY}/send-email`,
    route('Mail a password-recovery link; answers {} whether or not a member has the e-mail', schemas.SendRecoveryEmailBody, schemas.Empty),
    async (request) => {
      const body = request.body;
      return id.sendRecoveryEmail({ email: body.email, redirect: body.redirect, captchaTokens: body.captchaTokens }, contextOf(request));
    },
  );

  router.post(
    `${RECOVERY}/activation-email`,
    route('Mail a member a link to choose a password (merchant API key)', schemas.ActivationEmailBody, schemas.Empty, true),
    async (request) => {
      requireCaller(request, 'merchant');
      return id.sendActivationEmail({ identityId: request.body.identityId, redirect: request.body.emailOptions?.redirect });
    },
  );

  router.post(
    `${RECOVERY}/recover`,
    route(
      `Set a new password with a recovery token (single-use, 1 hour); revokes the member's refresh tokens. ${POLICY}`,
      schemas.RecoverBody,
      schemas.Empty,
    ),
    async (request) => id.recover({ recoveryToken: request.body.recoveryToken, password: request.body.password }),
  );

  router.post(
    `${VERIFICATION}/Start`,
    route(
      'Mail a 6-digit verification code to an identity (the member itself, or a merchant)',
      schemas.StartVerificationBody,
      schemas.StartVerificationResponse,
    ),
    async (request) => {
      const identityId = request.body.identityId;
      if (request.caller.kind !== 'merchant') {
        const caller = requireCaller(request, 'member');
        if (caller.kind !== 'member' || caller.memberId !== identityId) throw new DomainError(AuthErrors.PERMISSION_DENIED);
      }
      return id.startVerification(identityId);
    },
  );

  router.post(
    `${VERIFICATION}/auth/verify`,
    route(
      'Verify the mailed code of a login or registration (15 minutes, 5 attempts); answers like login',
      schemas.VerifyBody,
      schemas.AuthResponse,
    ),
    async (request) => id.verify({ code: request.body.code, stateToken: request.body.stateToken }, contextOf(request)),
  );

  router.post(
    `${VERIFICATION}/auth/resend`,
    route('Mail a new verification code (at most one every 30 seconds)', schemas.StateTokenBody, schemas.Empty),
    async (request) => id.resendCode({ stateToken: request.body.stateToken }, contextOf(request)),
  );
}

/**
 * The request context of a service call: IP, and the OAuth client and visitor of the caller's
 * access token (a merchant has no client; with a shopper token, its visitor is kept).
 * @throws DomainError UNAUTHENTICATED when credentials were sent but do not verify
 */
function contextOf(request: FastifyRequest): RequestContext {
  const caller = request.caller;
  if (caller.kind === 'invalid') throw new DomainError(AuthErrors.UNAUTHENTICATED);
  const shopper = caller.kind === 'merchant' ? caller.shopper : caller;
  const visitorId = shopper?.kind === 'visitor' || shopper?.kind === 'member' ? (shopper.visitorId ?? null) : null;
  const clientId = caller.kind === 'visitor' || caller.kind === 'member' ? caller.clientId : null;
  return { ip: request.ip, clientId, visitorId };
}

/** Runs a service call whose violations name v2 fields, naming them as the v1 body does. */
async function renamed<T>(fields: Record<string, string>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ValidationFailure)) throw error;
    throw new ValidationFailure(error.violations.map((violation) => ({ ...violation, field: fields[violation.field] ?? violation.field })));
  }
}

/** The v1 answer: `state: {status, stateToken}`, success called `DONE`. */
function v1(answer: AuthResponse) {
  const status = answer.state === 'SUCCESS' ? 'DONE' : answer.state;
  return { identity: answer.identity, state: { status, stateToken: answer.stateToken }, sessionToken: answer.sessionToken };
}
