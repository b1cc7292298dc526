import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isRegisteredUri } from '../clients.js';
import { checkCsrf } from './csrf.js';
import { formProblem, type PageDeps, PageFlow } from './flow.js';
import { passwordSavedPage, usedLinkPage } from './recovery-pages.js';
import {
  AuthorizeQuery,
  ChoiceForm,
  ForgotForm,
  LoginForm,
  LogoutQuery,
  RegisterForm,
  ResetForm,
  SessionQuery,
  TokenQuery,
  VerifyForm,
} from './schemas.js';
import { findSignInTarget, type SignInTarget } from './sign-in-target.js';
import { CAPTCHA_ASSETS, type FormProblem, views } from './views.js';

/** Form posts count against the per-IP rate limit (the same budget as the JSON login routes). */
const LIMITED = { config: { rateLimit: {} } };

/** What the pages need: the flow's dependencies, the shop's name read from its settings on each page. */
export type HostedPageDeps = Omit<PageDeps, 'shopName'> & { shopName: () => Promise<string> };

const page = (summary: string) => ({ tags: ['hosted pages'], summary, produces: ['text/html'] });

/**
 * The hosted OAuth pages: the authorize endpoint behind an auth redirect session, its login,
 * register, e-mail verification, consent and account-choice forms, password recovery and logout.
 */
export async function hostedPageRoutes(app: FastifyInstance, deps: HostedPageDeps): Promise<void> {
  const router = app.withTypeProvider<ZodTypeProvider>();
  // The shop's name is read once per page, as its settings are now.
  const flow = async (request: FastifyRequest, reply: FastifyReply) =>
    new PageFlow({ ...deps, shopName: await deps.shopName() }, request, reply);

  /** The widget is shown when the policy always asks, or when the last attempt was refused for want of one. */
  const captchaFor = (problem?: FormProblem) => (deps.captchaAlways || problem?.needsCaptcha ? CAPTCHA_ASSETS : undefined);

  const loginProps = (hosted: PageFlow, target: SignInTarget, email?: string, problem?: FormProblem) => ({
    shopName: hosted.deps.shopName,
    nonce: hosted.nonce,
    action: '/oauth2/authorize/login',
    hidden: { session: target.id, csrf: hosted.csrf() },
    email,
    captcha: captchaFor(problem),
    links: {
      register: target.openRegistration ? `/oauth2/authorize/register?session=${target.id}` : undefined,
      forgotPassword: `/account/forgot-password?session=${target.id}`,
    },
    error: problem?.error,
    fieldErrors: problem?.fieldErrors,
  });
  /** A merchant client's sign-in (the console) creates no accounts: the shop's owner makes merchants. */
  const closedRegistration = (hosted: PageFlow) =>
    hosted.page(
      views.error({
        shopName: hosted.deps.shopName,
        nonce: hosted.nonce,
        title: 'No sign-up here',
        message: 'Accounts for the shop’s console are made by the shop’s owner (vitrine merchants create).',
      }),
      403,
    );
  const registerProps = (
    hosted: PageFlow,
    target: SignInTarget,
    values: { email?: string; firstName?: string; lastName?: string },
    problem?: FormProblem,
  ) => ({
    shopName: hosted.deps.shopName,
    nonce: hosted.nonce,
    action: '/oauth2/authorize/register',
    hidden: { session: target.id, csrf: hosted.csrf() },
    values,
    captcha: captchaFor(problem),
    links: { login: target.loginUrl },
    error: problem?.error,
    fieldErrors: problem?.fieldErrors,
  });

  router.get(
    '/oauth2/authorize',
    { schema: { ...page('Authorize: the hosted login behind an auth redirect session'), querystring: AuthorizeQuery } },
    async (request, reply) => {
      const hosted = await flow(request, reply);
      const authRequest = await deps.authorize.findRequest(request.query.session);
      if (!authRequest) return hosted.expired();
      // A valid session token (direct login) was redeemed when the session was created.
      if (authRequest.memberId) return hosted.deliver(await deps.authorize.approve(authRequest, authRequest.memberId));
      const prompt = request.query.prompt ?? authRequest.prompt;
      const member = await hosted.cookieMember();
      if (prompt === 'none') {
        return hosted.deliver(
          member
            ? await deps.authorize.approve(authRequest, member)
            : deps.authorize.refuse(authRequest, 'login_required', 'The member is not signed in'),
        );
      }
      hosted.allowFormTarget(authRequest.redirectUri);
      if (member && (prompt === 'consent' || prompt === 'select_account')) {
        const who = (await deps.identity.findIdentity(member))?.email?.address ?? 'your account';
        const client = await deps.authorize.client(authRequest.clientId);
        const hidden = { session: authRequest.id, csrf: hosted.csrf() };
        const base = {
          shopName: hosted.deps.shopName,
          nonce: hosted.nonce,
          action: '/oauth2/authorize/choice',
          hidden,
          clientName: client?.name ?? authRequest.clientId,
        };
        return hosted.page(
          prompt === 'consent'
            ? views.consent({ ...base, email: who })
            : views.selectAccount({ ...base, accounts: [{ email: who, choice: 'continue' }] }),
        );
      }
      return hosted.page(
        views.login(loginProps(hosted, (await findSignInTarget(deps, hosted, authRequest.id)) as SignInTarget)),
        200,
        deps.captchaAlways,
      );
    },
  );

  router.get(
    '/account/login',
    { schema: { ...page('Login redirect session: sign in to the hosted pages'), querystring: SessionQuery } },
    async (request, reply) => {
      const hosted = await flow(request, reply);
      const target = await findSignInTarget(deps, hosted, request.query.session);
      if (!target?.id.startsWith('rs_')) return hosted.expired();
      const member = await hosted.cookieMember();
      if (member) return target.complete(member);
      return hosted.page(views.login(loginProps(hosted, target)), 200, deps.captchaAlways);
    },
  );

  router.post(
    '/oauth2/authorize/choice',
    { ...LIMITED, schema: { ...page('Consent or account choice'), body: ChoiceForm } },
    async (request, reply) => {
      const hosted = await flow(request, reply);
      checkCsrf(request, request.body.csrf);
      const authRequest = await deps.authorize.findRequest(request.body.session ?? '');
      if (!authRequest) return hosted.expired();
      const member = await hosted.cookieMember();
      const choice = request.body.choice;
      if (choice === 'deny') return hosted.deliver(deps.authorize.refuse(authRequest, 'access_denied', 'The member declined'));
      if (member && (choice === 'continue' || choice === 'allow')) return hosted.deliver(await deps.authorize.approve(authRequest, member));
      return hosted.page(
        views.login(loginProps(hosted, (await findSignInTarget(deps, hosted, authRequest.id)) as SignInTarget)),
        200,
        deps.captchaAlways,
      );
    },
  );

  router.post(
    '/oauth2/authorize/login',
    { ...LIMITED, schema: { ...page('Log in with e-mail and password'), body: LoginForm } },
    async (request, reply) => {
      const hosted = await flow(request, reply);
      const form = request.body;
      const target = await findSignInTarget(deps, hosted, form.session ?? '');
      if (!target) return hosted.expired();
      try {
        checkCsrf(request, form.csrf);
        const answer = await deps.identity.login(
          { email: form.email ?? '', password: form.password ?? '', captchaTokens: captcha(form.altcha) },
          hosted.ctx(target),
        );
        return await hosted.afterAuth(target, answer);
      } catch (error) {
        const problem = formProblem(error, deps.errors);
        return hosted.page(views.login(loginProps(hosted, target, form.email, problem)), 400, !!captchaFor(problem));
      }
    },
  );

  router.get(
    '/oauth2/authorize/register',
    { schema: { ...page('Registration form'), querystring: SessionQuery } },
    async (request, reply) => {
      const hosted = await flow(request, reply);
      const target = await findSignInTarget(deps, hosted, request.query.session);
      if (!target) return hosted.expired();
      if (!target.openRegistration) return closedRegistration(hosted);
      return hosted.page(views.register(registerProps(hosted, target, {})), 200, deps.captchaAlways);
    },
  );

  router.post(
    '/oauth2/authorize/register',
    { ...LIMITED, schema: { ...page('Register a member'), body: RegisterForm } },
    async (request, reply) => {
      const hosted = await flow(request, reply);
      const form = request.body;
      const target = await findSignInTarget(deps, hosted, form.session ?? '');
      if (!target) return hosted.expired();
      if (!target.openRegistration) return closedRegistration(hosted);
      const values = { email: form.email, firstName: form.firstName, lastName: form.lastName };
      try {
        checkCsrf(request, form.csrf);
        const profile = { firstName: form.firstName || undefined, lastName: form.lastName || undefined };
        const answer = await deps.identity.register(
          { email: form.email ?? '', password: form.password ?? '', profile, captchaTokens: captcha(form.altcha) },
          hosted.ctx(target),
        );
        return await hosted.afterAuth(target, answer);
      } catch (error) {
        const problem = formProblem(error, deps.errors);
        return hosted.page(views.register(registerProps(hosted, target, values, problem)), 400, !!captchaFor(problem));
      }
    },
  );

  /**
   * A post of the e-mail code page: its sign-in target and state token, the CSRF check, then `act`;
   * the page again with the problem when that fails.
   */
  async function codeStep(
    request: FastifyRequest<{ Body: VerifyForm }>,
    reply: FastifyReply,
    act: (hosted: PageFlow, target: SignInTarget, stateToken: string) => Promise<unknown>,
  ) {
    const hosted = await flow(request, reply);
    const form = request.body;
    const target = await findSignInTarget(deps, hosted, form.session ?? '');
    if (!target || !form.stateToken) return hosted.expired();
    try {
      checkCsrf(request, form.csrf);
      return await act(hosted, target, form.stateToken);
    } catch (error) {
      return hosted.page(views.verify(hosted.verifyProps(target, form.stateToken, undefined, formProblem(error, deps.errors))), 400);
    }
  }

  router.post(
    '/oauth2/authorize/verify',
    { ...LIMITED, schema: { ...page('Verify the e-mail code'), body: VerifyForm } },
    (request, reply) =>
      codeStep(request, reply, async (hosted, target, stateToken) =>
        hosted.afterAuth(target, await deps.identity.verify({ code: (request.body.code ?? '').trim(), stateToken }, hosted.ctx(target))),
      ),
  );

  router.post(
    '/oauth2/authorize/resend',
    { ...LIMITED, schema: { ...page('Send a new e-mail code'), body: VerifyForm } },
    (request, reply) =>
      codeStep(request, reply, async (hosted, target, stateToken) => {
        await deps.identity.resendCode({ stateToken });
        return hosted.page(views.verify(hosted.verifyProps(target, stateToken, undefined, undefined, 'We sent you a new code.')));
      }),
  );

  const forgotBase = (hosted: PageFlow, session: string) => ({
    shopName: hosted.deps.shopName,
    nonce: hosted.nonce,
    action: '/account/forgot-password',
    links: { login: loginLink(session) },
  });

  router.get(
    '/account/forgot-password',
    { schema: { ...page('Forgot-password form'), querystring: SessionQuery } },
    async (request, reply) => {
      const hosted = await flow(request, reply);
      const hidden = { session: request.query.session, csrf: hosted.csrf() };
      return hosted.page(views.forgot({ ...forgotBase(hosted, request.query.session), hidden }));
    },
  );

  router.post(
    '/account/forgot-password',
    { ...LIMITED, schema: { ...page('Send a password-reset e-mail'), body: ForgotForm } },
    async (request, reply) => {
      const hosted = await flow(request, reply);
      const form = request.body;
      const hidden = { session: form.session ?? '', csrf: hosted.csrf() };
      const authRequest = await deps.authorize.findRequest(form.session ?? '');
      try {
        checkCsrf(request, form.csrf);
        const redirect = authRequest?.redirectUri ? { url: authRequest.redirectUri, clientId: authRequest.clientId } : undefined;
        const context = { ip: request.ip, clientId: authRequest?.clientId ?? null, visitorId: authRequest?.visitorId ?? null };
        await deps.identity.sendRecoveryEmail({ email: form.email ?? '', redirect }, context);
        return hosted.page(views.forgot({ ...forgotBase(hosted, form.session ?? ''), hidden, email: form.email, sentTo: form.email }));
      } catch (error) {
        return hosted.page(
          views.forgot({ ...forgotBase(hosted, form.session ?? ''), hidden, email: form.email, ...formProblem(error, deps.errors) }),
          400,
        );
      }
    },
  );

  router.get(
    '/account/reset-password',
    { schema: { ...page('Choose a new password'), querystring: TokenQuery } },
    async (request, reply) => {
      const hosted = await flow(request, reply);
      const link = await deps.identity.inspectRecoveryToken(request.query.token);
      // said at once, not after the new password was typed twice
      if (!link) return hosted.page(views.error(usedLinkPage({ shopName: hosted.deps.shopName, nonce: hosted.nonce })), 410);
      const hidden = { token: request.query.token, csrf: hosted.csrf() };
      return hosted.page(
        views.reset({ shopName: hosted.deps.shopName, nonce: hosted.nonce, action: '/account/reset-password', hidden, email: link.email }),
      );
    },
  );

  router.post(
    '/account/reset-password',
    { ...LIMITED, schema: { ...page('Set the new password'), body: ResetForm } },
    async (request, reply) => {
      const hosted = await flow(request, reply);
      const form = request.body;
      const hidden = { token: form.token ?? '', csrf: hosted.csrf() };
      const props = { shopName: hosted.deps.shopName, nonce: hosted.nonce, action: '/account/reset-password', hidden };
      if ((form.password ?? '') !== (form.confirm ?? '')) {
        return hosted.page(
          views.reset({ ...props, error: 'The passwords do not match.', fieldErrors: { confirm: 'Does not match the new password' } }),
          400,
        );
      }
      const base = { shopName: hosted.deps.shopName, nonce: hosted.nonce };
      try {
        checkCsrf(request, form.csrf);
        // read before the token is spent: whose it was and where its member goes next
        const link = await deps.identity.inspectRecoveryToken(form.token ?? '');
        if (!link) return hosted.page(views.error(usedLinkPage(base)), 410);
        await deps.identity.recover({ recoveryToken: form.token ?? '', password: form.password ?? '' });
        return hosted.page(views.error(passwordSavedPage(base, link)));
      } catch (error) {
        return hosted.page(views.reset({ ...props, ...formProblem(error, deps.errors) }), 400);
      }
    },
  );

  // Logout: the SDK's identity call and the logout redirect session both end the hosted session and
  // return only to a URI the client registered (never an open redirect).
  router.get(
    '/_api/iam/authentication/v1/logout',
    { schema: { ...page('Log out of the hosted pages'), querystring: LogoutQuery } },
    async (request, reply) => {
      const hosted = await flow(request, reply);
      await hosted.signOut();
      const { postLogoutRedirectUri, clientId } = request.query;
      const client = clientId ? await deps.authorize.client(clientId) : undefined;
      if (client && postLogoutRedirectUri && isRegisteredUri(client, postLogoutRedirectUri))
        return reply.redirect(postLogoutRedirectUri, 303);
      return hosted.page(views.loggedOut({ shopName: hosted.deps.shopName, nonce: hosted.nonce }));
    },
  );

  router.get('/account/logout', { schema: { ...page('Logout redirect session'), querystring: SessionQuery } }, async (request, reply) => {
    const hosted = await flow(request, reply);
    await hosted.signOut();
    const target = (await deps.hostedSession(request.query.session, 'logout'))?.postFlowUrl;
    if (target) return reply.redirect(target, 303);
    return hosted.page(views.loggedOut({ shopName: hosted.deps.shopName, nonce: hosted.nonce }));
  });
}

/** The widget's payload, as the identity service expects captcha tokens. */
function captcha(altcha: string | undefined) {
  return altcha ? [{ Recaptcha: altcha }] : undefined;
}

/** Back to the login form of a sign-in (an authorization request or a login session). */
function loginLink(session: string): string {
  const id = encodeURIComponent(session);
  if (session.startsWith('rs_')) return `/account/login?session=${id}`;
  return session ? `/oauth2/authorize?session=${id}&prompt=login` : '/';
}
