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
export async function hostedPageRoutes(app: FastifyInstance, d: HostedPageDeps): Promise<void> {
  const router = app.withTypeProvider<ZodTypeProvider>();
  // The shop's name is read once per page, as its settings are now.
  const flow = async (request: FastifyRequest, reply: FastifyReply) => new PageFlow({ ...d, shopName: await d.shopName() }, request, reply);

  /** The widget is shown when the policy always asks, or when the last attempt was refused for want of one. */
  const captchaFor = (problem?: FormProblem) => (d.captchaAlways || problem?.needsCaptcha ? CAPTCHA_ASSETS : undefined);

  const loginProps = (f: PageFlow, target: SignInTarget, email?: string, problem?: FormProblem) => ({
    shopName: f.deps.shopName,
    nonce: f.nonce,
    action: '/oauth2/authorize/login',
    hidden: { session: target.id, csrf: f.csrf() },
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
  const closedRegistration = (f: PageFlow) =>
    f.page(
      views.error({
        shopName: f.deps.shopName,
        nonce: f.nonce,
        title: 'No sign-up here',
        message: 'Accounts for the shop’s console are made by the shop’s owner (vitrine merchants create).',
      }),
      403,
    );
  const registerProps = (
    f: PageFlow,
    target: SignInTarget,
    values: { email?: string; firstName?: string; lastName?: string },
    problem?: FormProblem,
  ) => ({
    shopName: f.deps.shopName,
    nonce: f.nonce,
    action: '/oauth2/authorize/register',
    hidden: { session: target.id, csrf: f.csrf() },
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
      const f = await flow(request, reply);
      const authRequest = await d.authorize.findRequest(request.query.session);
      if (!authRequest) return f.expired();
      // A valid session token (direct login) was redeemed when the session was created.
      if (authRequest.memberId) return f.deliver(await d.authorize.approve(authRequest, authRequest.memberId));
      const prompt = request.query.prompt ?? authRequest.prompt;
      const member = await f.cookieMember();
      if (prompt === 'none') {
        return f.deliver(
          member
            ? await d.authorize.approve(authRequest, member)
            : d.authorize.refuse(authRequest, 'login_required', 'The member is not signed in'),
        );
      }
      f.allowFormTarget(authRequest.redirectUri);
      if (member && (prompt === 'consent' || prompt === 'select_account')) {
        const who = (await d.identity.findIdentity(member))?.email?.address ?? 'your account';
        const client = await d.authorize.client(authRequest.clientId);
        const hidden = { session: authRequest.id, csrf: f.csrf() };
        const base = {
          shopName: f.deps.shopName,
          nonce: f.nonce,
          action: '/oauth2/authorize/choice',
          hidden,
          clientName: client?.name ?? authRequest.clientId,
        };
        return f.page(
          prompt === 'consent'
            ? views.consent({ ...base, email: who })
            : views.selectAccount({ ...base, accounts: [{ email: who, choice: 'continue' }] }),
        );
      }
      return f.page(views.login(loginProps(f, (await findSignInTarget(d, f, authRequest.id)) as SignInTarget)), 200, d.captchaAlways);
    },
  );

  router.get(
    '/account/login',
    { schema: { ...page('Login redirect session: sign in to the hosted pages'), querystring: SessionQuery } },
    async (request, reply) => {
      const f = await flow(request, reply);
      const target = await findSignInTarget(d, f, request.query.session);
      if (!target?.id.startsWith('rs_')) return f.expired();
      const member = await f.cookieMember();
      if (member) return target.complete(member);
      return f.page(views.login(loginProps(f, target)), 200, d.captchaAlways);
    },
  );

  router.post(
    '/oauth2/authorize/choice',
    { ...LIMITED, schema: { ...page('Consent or account choice'), body: ChoiceForm } },
    async (request, reply) => {
      const f = await flow(request, reply);
      checkCsrf(request, request.body.csrf);
      const authRequest = await d.authorize.findRequest(request.body.session ?? '');
      if (!authRequest) return f.expired();
      const member = await f.cookieMember();
      const choice = request.body.choice;
      if (choice === 'deny') return f.deliver(d.authorize.refuse(authRequest, 'access_denied', 'The member declined'));
      if (member && (choice === 'continue' || choice === 'allow')) return f.deliver(await d.authorize.approve(authRequest, member));
      return f.page(views.login(loginProps(f, (await findSignInTarget(d, f, authRequest.id)) as SignInTarget)), 200, d.captchaAlways);
    },
  );

  router.post(
    '/oauth2/authorize/login',
    { ...LIMITED, schema: { ...page('Log in with e-mail and password'), body: LoginForm } },
    async (request, reply) => {
      const f = await flow(request, reply);
      const b = request.body;
      const target = await findSignInTarget(d, f, b.session ?? '');
      if (!target) return f.expired();
      try {
        checkCsrf(request, b.csrf);
        const answer = await d.identity.login(
          { email: b.email ?? '', password: b.password ?? '', captchaTokens: captcha(b.altcha) },
          f.ctx(target),
        );
        return await f.afterAuth(target, answer);
      } catch (e) {
        const problem = formProblem(e, d.errors);
        return f.page(views.login(loginProps(f, target, b.email, problem)), 400, !!captchaFor(problem));
      }
    },
  );

  router.get(
    '/oauth2/authorize/register',
    { schema: { ...page('Registration form'), querystring: SessionQuery } },
    async (request, reply) => {
      const f = await flow(request, reply);
      const target = await findSignInTarget(d, f, request.query.session);
      if (!target) return f.expired();
      if (!target.openRegistration) return closedRegistration(f);
      return f.page(views.register(registerProps(f, target, {})), 200, d.captchaAlways);
    },
  );

  router.post(
    '/oauth2/authorize/register',
    { ...LIMITED, schema: { ...page('Register a member'), body: RegisterForm } },
    async (request, reply) => {
      const f = await flow(request, reply);
      const b = request.body;
      const target = await findSignInTarget(d, f, b.session ?? '');
      if (!target) return f.expired();
      if (!target.openRegistration) return closedRegistration(f);
      const values = { email: b.email, firstName: b.firstName, lastName: b.lastName };
      try {
        checkCsrf(request, b.csrf);
        const profile = { firstName: b.firstName || undefined, lastName: b.lastName || undefined };
        const answer = await d.identity.register(
          { email: b.email ?? '', password: b.password ?? '', profile, captchaTokens: captcha(b.altcha) },
          f.ctx(target),
        );
        return await f.afterAuth(target, answer);
      } catch (e) {
        const problem = formProblem(e, d.errors);
        return f.page(views.register(registerProps(f, target, values, problem)), 400, !!captchaFor(problem));
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
    act: (f: PageFlow, target: SignInTarget, stateToken: string) => Promise<unknown>,
  ) {
    const f = await flow(request, reply);
    const b = request.body;
    const target = await findSignInTarget(d, f, b.session ?? '');
    if (!target || !b.stateToken) return f.expired();
    try {
      checkCsrf(request, b.csrf);
      return await act(f, target, b.stateToken);
    } catch (e) {
      return f.page(views.verify(f.verifyProps(target, b.stateToken, undefined, formProblem(e, d.errors))), 400);
    }
  }

  router.post(
    '/oauth2/authorize/verify',
    { ...LIMITED, schema: { ...page('Verify the e-mail code'), body: VerifyForm } },
    (request, reply) =>
      codeStep(request, reply, async (f, target, stateToken) =>
        f.afterAuth(target, await d.identity.verify({ code: (request.body.code ?? '').trim(), stateToken }, f.ctx(target))),
      ),
  );

  router.post(
    '/oauth2/authorize/resend',
    { ...LIMITED, schema: { ...page('Send a new e-mail code'), body: VerifyForm } },
    (request, reply) =>
      codeStep(request, reply, async (f, target, stateToken) => {
        await d.identity.resendCode({ stateToken });
        return f.page(views.verify(f.verifyProps(target, stateToken, undefined, undefined, 'We sent you a new code.')));
      }),
  );

  const forgotBase = (f: PageFlow, session: string) => ({
    shopName: f.deps.shopName,
    nonce: f.nonce,
    action: '/account/forgot-password',
    links: { login: loginLink(session) },
  });

  router.get(
    '/account/forgot-password',
    { schema: { ...page('Forgot-password form'), querystring: SessionQuery } },
    async (request, reply) => {
      const f = await flow(request, reply);
      const hidden = { session: request.query.session, csrf: f.csrf() };
      return f.page(views.forgot({ ...forgotBase(f, request.query.session), hidden }));
    },
  );

  router.post(
    '/account/forgot-password',
    { ...LIMITED, schema: { ...page('Send a password-reset e-mail'), body: ForgotForm } },
    async (request, reply) => {
      const f = await flow(request, reply);
      const b = request.body;
      const hidden = { session: b.session ?? '', csrf: f.csrf() };
      const authRequest = await d.authorize.findRequest(b.session ?? '');
      try {
        checkCsrf(request, b.csrf);
        const redirect = authRequest?.redirectUri ? { url: authRequest.redirectUri, clientId: authRequest.clientId } : undefined;
        const ctx = { ip: request.ip, clientId: authRequest?.clientId ?? null, visitorId: authRequest?.visitorId ?? null };
        await d.identity.sendRecoveryEmail({ email: b.email ?? '', redirect }, ctx);
        return f.page(views.forgot({ ...forgotBase(f, b.session ?? ''), hidden, email: b.email, sentTo: b.email }));
      } catch (e) {
        return f.page(views.forgot({ ...forgotBase(f, b.session ?? ''), hidden, email: b.email, ...formProblem(e, d.errors) }), 400);
      }
    },
  );

  router.get(
    '/account/reset-password',
    { schema: { ...page('Choose a new password'), querystring: TokenQuery } },
    async (request, reply) => {
      const f = await flow(request, reply);
      const link = await d.identity.inspectRecoveryToken(request.query.token);
      // said at once, not after the new password was typed twice
      if (!link) return f.page(views.error(usedLinkPage({ shopName: f.deps.shopName, nonce: f.nonce })), 410);
      const hidden = { token: request.query.token, csrf: f.csrf() };
      return f.page(
        views.reset({ shopName: f.deps.shopName, nonce: f.nonce, action: '/account/reset-password', hidden, email: link.email }),
      );
    },
  );

  router.post(
    '/account/reset-password',
    { ...LIMITED, schema: { ...page('Set the new password'), body: ResetForm } },
    async (request, reply) => {
      const f = await flow(request, reply);
      const b = request.body;
      const hidden = { token: b.token ?? '', csrf: f.csrf() };
      const props = { shopName: f.deps.shopName, nonce: f.nonce, action: '/account/reset-password', hidden };
      if ((b.password ?? '') !== (b.confirm ?? '')) {
        return f.page(
          views.reset({ ...props, error: 'The passwords do not match.', fieldErrors: { confirm: 'Does not match the new password' } }),
          400,
        );
      }
      const base = { shopName: f.deps.shopName, nonce: f.nonce };
      try {
        checkCsrf(request, b.csrf);
        // read before the token is spent: whose it was and where its member goes next
        const link = await d.identity.inspectRecoveryToken(b.token ?? '');
        if (!link) return f.page(views.error(usedLinkPage(base)), 410);
        await d.identity.recover({ recoveryToken: b.token ?? '', password: b.password ?? '' });
        return f.page(views.error(passwordSavedPage(base, link)));
      } catch (e) {
        return f.page(views.reset({ ...props, ...formProblem(e, d.errors) }), 400);
      }
    },
  );

  // Logout: the SDK's identity call and the logout redirect session both end the hosted session and
  // return only to a URI the client registered (never an open redirect).
  router.get(
    '/_api/iam/authentication/v1/logout',
    { schema: { ...page('Log out of the hosted pages'), querystring: LogoutQuery } },
    async (request, reply) => {
      const f = await flow(request, reply);
      await f.signOut();
      const { postLogoutRedirectUri, clientId } = request.query;
      const client = clientId ? await d.authorize.client(clientId) : undefined;
      if (client && postLogoutRedirectUri && isRegisteredUri(client, postLogoutRedirectUri))
        return reply.redirect(postLogoutRedirectUri, 303);
      return f.page(views.loggedOut({ shopName: f.deps.shopName, nonce: f.nonce }));
    },
  );

  router.get('/account/logout', { schema: { ...page('Logout redirect session'), querystring: SessionQuery } }, async (request, reply) => {
    const f = await flow(request, reply);
    await f.signOut();
    const target = (await d.hostedSession(request.query.session, 'logout'))?.postFlowUrl;
    if (target) return reply.redirect(target, 303);
    return f.page(views.loggedOut({ shopName: f.deps.shopName, nonce: f.nonce }));
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
