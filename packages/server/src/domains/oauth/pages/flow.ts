import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type ErrorTable, ValidationFailure } from '../../../platform/errors.js';
import { newNonce, sendPage } from '../../../platform/http/page-reply.js';
import type { AuthorizeService, Delivery } from '../authorize-service.js';
import type { MemberDirectory } from '../service.js';
import { csrfToken } from './csrf.js';
import type { AuthAnswer, HostedIdentity, IdentityContext } from './identity-port.js';
import type { SignInTarget } from './sign-in-target.js';
import { type FormProblem, views } from './views.js';

const SESSION_COOKIE = 'vt_session';

export interface PageDeps {
  authorize: AuthorizeService;
  identity: HostedIdentity;
  members: MemberDirectory;
  publicUrl: string;
  shopName: string;
  /** every domain's error codes: the words a form shows for a refusal */
  errors: ErrorTable;
  /** Whether the captcha widget is shown on login/register forms (policy `always`). */
  captchaAlways: boolean;
  /** A live logout or login redirect session: its client and registered post-flow URL. */
  hostedSession(id: string, kind: 'logout' | 'login'): Promise<{ clientId: string | null; postFlowUrl?: string } | undefined>;
}

/** Everything a hosted-page handler needs for one request. */
export class PageFlow {
  readonly nonce = newNonce();
  readonly secure: boolean;
  /** Where this page's forms may lead after their post (the sign-in's redirect origin). */
  private readonly formTargets = new Set<string>();

  constructor(
    readonly deps: PageDeps,
    readonly request: FastifyRequest,
    readonly reply: FastifyReply,
  ) {
    this.secure = deps.publicUrl.startsWith('https:');
  }

  csrf(): string {
    return csrfToken(this.request, this.reply, this.secure);
  }

  ctx(target: SignInTarget): IdentityContext {
    return { ip: this.request.ip, clientId: target.clientId, visitorId: target.visitorId };
  }

  /** The member of the hosted-session cookie, if any. */
  async cookieMember(): Promise<string | null> {
    const raw = this.request.cookies[SESSION_COOKIE];
    const unsigned = raw ? this.request.unsignCookie(raw) : undefined;
    return unsigned?.valid && unsigned.value ? this.deps.authorize.hostedSessionMember(unsigned.value) : null;
  }

  async signIn(memberId: string): Promise<void> {
    const value = await this.deps.authorize.startHostedSession(memberId);
    this.reply.setCookie(SESSION_COOKIE, value, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: '/',
      maxAge: 30 * 86400,
    });
  }

  async signOut(): Promise<void> {
    const raw = this.request.cookies[SESSION_COOKIE];
    const unsigned = raw ? this.request.unsignCookie(raw) : undefined;
    if (unsigned?.valid && unsigned.value) await this.deps.authorize.endHostedSession(unsigned.value);
    this.reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  /** Sends the authorization answer the way the request asked for it. */
  deliver(delivery: Delivery): FastifyReply {
    if (delivery.mode === 'redirect') return this.reply.redirect(delivery.location, 303);
    const html = views.webMessage({ targetOrigin: delivery.targetOrigin, data: delivery.data, nonce: this.nonce });
    return sendPage(this.reply, html, this.nonce, { inlineScript: true, frameAncestors: [delivery.targetOrigin] });
  }

  page(html: string, status = 200, captcha = false): FastifyReply {
    return sendPage(this.reply, html, this.nonce, { captcha, formTargets: [...this.formTargets] }, status);
  }

  /** Lets this page's forms lead to `url`'s origin (a registered redirect URI). */
  allowFormTarget(url: string | null | undefined): void {
    if (!url) return;
    try {
      this.formTargets.add(new URL(url).origin);
    } catch {
      // not a URL: nothing to allow
    }
  }

  expired(): FastifyReply {
    return this.page(
      views.error({
        shopName: this.deps.shopName,
        nonce: this.nonce,
        title: 'This sign-in link has expired',
        message: 'Go back to the shop and start signing in again.',
      }),
      400,
    );
  }

  /**
   * Continues after login, register or verify: SUCCESS signs in and answers the request; e-mail
   * verification shows the code form; owner approval explains the wait.
   */
  async afterAuth(target: SignInTarget, answer: AuthAnswer): Promise<FastifyReply> {
    if (answer.state === 'SUCCESS' && answer.sessionToken) {
      // A login session has no client: its session token was issued for none, which any client id accepts.
      const session = await this.deps.members.redeemSession(answer.sessionToken, target.clientId ?? '');
      if (!session) return this.expired();
      await this.signIn(session.memberId);
      return target.complete(session.memberId);
    }
    if (answer.state === 'REQUIRE_EMAIL_VERIFICATION' && answer.stateToken) {
      return this.page(views.verify(this.verifyProps(target, answer.stateToken, answer.identity?.email?.address)));
    }
    if (answer.state === 'REQUIRE_OWNER_APPROVAL') {
      return this.page(
        views.error({
          shopName: this.deps.shopName,
          nonce: this.nonce,
          title: 'Your account is waiting for approval',
          message: 'The shop owner approves new members. You can sign in once your account is approved.',
        }),
      );
    }
    return this.expired();
  }

  verifyProps(target: SignInTarget, stateToken: string, email?: string, problem?: FormProblem, notice?: string) {
    const hidden = { session: target.id, csrf: this.csrf(), stateToken };
    return {
      shopName: this.deps.shopName,
      nonce: this.nonce,
      action: '/oauth2/authorize/verify',
      resendAction: '/oauth2/authorize/resend',
      hidden,
      email,
      notice,
      ...problem,
    };
  }
}

/** Turns a service failure into what a form shows: a message (from `errors` unless the error has its own) and per-field errors. */
export function formProblem(failure: unknown, errors: ErrorTable): FormProblem {
  if (failure instanceof ValidationFailure) {
    const fieldErrors: Record<string, string> = {};
    for (const violation of failure.violations) fieldErrors[violation.field.split('.').pop() as string] = violation.description;
    return { error: 'Please correct the marked fields.', fieldErrors };
  }
  if (failure instanceof DomainError) {
    const error = failure.description ?? errors[failure.code]?.description ?? 'Something went wrong; please try again.';
    return { error, needsCaptcha: failure.code === 'MISSING_CAPTCHA' || failure.code === 'INVALID_CAPTCHA' };
  }
  throw failure;
}
