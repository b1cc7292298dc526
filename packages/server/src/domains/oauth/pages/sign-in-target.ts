import type { FastifyReply } from 'fastify';
import type { AuthorizeService } from '../authorize-service.js';
import type { PageDeps, PageFlow } from './flow.js';
import { views } from './views.js';

/**
 * What a hosted sign-in is for: an OAuth authorization request (`ar_…`, answered with a code) or a
 * login redirect session (`rs_…`, answered by going to its registered post-flow URL). The login,
 * register and verification forms carry its id in their `session` field.
 */
export interface SignInTarget {
  id: string;
  clientId: string | null;
  visitorId: string | null;
  /** The login form's own URL (for "use another account" and "sign in instead" links). */
  loginUrl: string;
  /** Whether the sign-in may create an account (not for a merchant client: merchants are made by the owner). */
  openRegistration: boolean;
  /** Finishes the sign-in of a member. */
  complete(memberId: string): Promise<FastifyReply>;
}

/** The live target with this id, or undefined (unknown or expired). */
export async function findSignInTarget(
  deps: Pick<PageDeps, 'authorize' | 'hostedSession'>,
  flow: PageFlow,
  id: string,
): Promise<SignInTarget | undefined> {
  if (id.startsWith('ar_')) return authorizationTarget(deps.authorize, flow, id);
  if (!id.startsWith('rs_')) return undefined;
  const session = await deps.hostedSession(id, 'login');
  if (!session) return undefined;
  flow.allowFormTarget(session.postFlowUrl);
  return {
    id,
    clientId: session.clientId,
    visitorId: null,
    loginUrl: `/account/login?session=${encodeURIComponent(id)}`,
    openRegistration: true,
    async complete() {
      if (session.postFlowUrl) return flow.reply.redirect(session.postFlowUrl, 303);
      return flow.page(
        views.error({ shopName: flow.deps.shopName, nonce: flow.nonce, title: 'You are signed in', message: 'You can close this page.' }),
      );
    },
  };
}

async function authorizationTarget(authorize: AuthorizeService, flow: PageFlow, id: string): Promise<SignInTarget | undefined> {
  const authRequest = await authorize.findRequest(id);
  if (!authRequest) return undefined;
  flow.allowFormTarget(authRequest.redirectUri);
  const client = await authorize.client(authRequest.clientId);
  return {
    id,
    clientId: authRequest.clientId,
    visitorId: authRequest.visitorId,
    loginUrl: `/oauth2/authorize?session=${encodeURIComponent(id)}&prompt=login`,
    openRegistration: client?.audience !== 'merchant',
    complete: async (memberId) => flow.deliver(await authorize.approve(authRequest, memberId)),
  };
}
