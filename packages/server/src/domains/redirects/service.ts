import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Caller } from '../../platform/caller.js';
import type { Database } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import { randomToken } from '../../platform/secrets.js';
import type { AuthorizeService } from '../oauth/authorize-service.js';
import { type ClientRegistry, isRegisteredUri } from '../oauth/clients.js';
import { RedirectErrors } from './errors.js';
import type { CreateRedirectSessionRequest, RedirectSession } from './schemas.js';
import { findRedirectSession, insertRedirectSession } from './store.js';

const SESSION_TTL_MS = 60 * 60 * 1000;
const FLOWS = [
  'auth',
  'logout',
  'login',
  'ecomCheckout',
  'storesProduct',
  'bookingsCheckout',
  'bookingsBook',
  'eventsCheckout',
  'paidPlansCheckout',
] as const;
type Flow = (typeof FLOWS)[number];
type TemplatedFlow = keyof Config['redirectTemplates'];

export interface RedirectContext {
  caller: Caller | { kind: 'invalid' };
  /** The request's Origin header (web_message target for silent login). */
  origin?: string;
}

/** Redirect sessions: a URL on this server's hosted pages (or a merchant's page) for one flow. */
export class RedirectService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      publicUrl: string;
      templates: Config['redirectTemplates'];
      clients: ClientRegistry;
      authorize: AuthorizeService;
    },
  ) {}

  /**
   * Creates the session for the one flow in `req`.
   * @throws DomainError NO_FLOW, UNKNOWN_CLIENT, CLIENT_REQUIRED, UNREGISTERED_URI, FLOW_NOT_CONFIGURED and the auth request's errors
   */
  async create(req: CreateRedirectSessionRequest, ctx: RedirectContext): Promise<RedirectSession> {
    const flows = FLOWS.filter((flow) => req[flow] !== undefined);
    if (flows.length !== 1) throw new DomainError(RedirectErrors.NO_FLOW, { flows });
    const flow = flows[0] as Flow;
    const clientId = req.auth?.authRequest.clientId ?? req.logout?.clientId ?? callerClient(ctx.caller);
    await this.checkCallbacks(req.callbacks ?? {}, clientId);

    if (flow === 'auth' && req.auth) {
      const authRequest = req.auth.authRequest;
      const id = await this.deps.authorize.createRequest({
        ...authRequest,
        prompt: req.auth.prompt,
        requestOrigin: ctx.origin,
        visitorId: ctx.caller.kind === 'visitor' && ctx.caller.clientId === authRequest.clientId ? ctx.caller.visitorId : null,
      });
      return this.session(id, '/oauth2/authorize', { session: id }, req.preferences);
    }
    const id = randomToken('rs_', 18);
    const target = this.target(flow as Exclude<Flow, 'auth'>, req, id);
    await insertRedirectSession(this.deps.db, {
      id,
      kind: flow,
      client_id: clientId ?? null,
      data: JSON.stringify({ flow: req[flow], callbacks: req.callbacks ?? {}, target: target.external }),
      expires_at: new Date(Date.now() + SESSION_TTL_MS),
    });
    if (target.external) return this.external(id, target.external, req.preferences);
    return this.session(id, target.path, { ...target.params, session: id }, req.preferences);
  }

  /** A live session of a flow this server hosts (logout, login): its client and registered post-flow URL. */
  async hostedSession(id: string, kind: 'logout' | 'login'): Promise<{ clientId: string | null; postFlowUrl?: string } | undefined> {
    if (!/^rs_[\w-]{1,64}$/.test(id)) return undefined;
    const session = await findRedirectSession(this.deps.db, id);
    if (session?.kind !== kind) return undefined;
    const callbacks = session.data.callbacks as { postFlowUrl?: string } | undefined;
    return { clientId: session.client_id, postFlowUrl: callbacks?.postFlowUrl };
  }

  /**
   * A live ecomCheckout session for `checkoutId` (the hosted checkout page): its registered callbacks,
   * where the page sends the buyer after placing the order and links back to (the cart, the shop). Undefined for another checkout's session.
   */
  async checkoutSession(
    id: string,
    checkoutId: string,
  ): Promise<{ thankYouPageUrl?: string; postFlowUrl?: string; cartPageUrl?: string } | undefined> {
    if (!/^rs_[\w-]{1,64}$/.test(id)) return undefined;
    const session = await findRedirectSession(this.deps.db, id);
    const flow = session?.data.flow as { checkoutId?: string } | undefined;
    if (session?.kind !== 'ecomCheckout' || flow?.checkoutId !== checkoutId) return undefined;
    const callbacks = session.data.callbacks as { thankYouPageUrl?: string; postFlowUrl?: string; cartPageUrl?: string } | undefined;
    return { thankYouPageUrl: callbacks?.thankYouPageUrl, postFlowUrl: callbacks?.postFlowUrl, cartPageUrl: callbacks?.cartPageUrl };
  }

  /** This server's page for a flow, or a merchant template's URL for flows hosted elsewhere. */
  private target(flow: Exclude<Flow, 'auth'>, req: CreateRedirectSessionRequest, id: string) {
    switch (flow) {
      case 'logout':
        return { path: '/account/logout', params: {} };
      case 'login':
        return { path: '/account/login', params: {} };
      case 'ecomCheckout':
        return { path: `/checkout/${encodeURIComponent(req.ecomCheckout?.checkoutId ?? '')}`, params: {} };
      case 'storesProduct':
        return { path: `/products/${encodeURIComponent(req.storesProduct?.productSlug ?? '')}`, params: {} };
      default: {
        const template = this.deps.templates[flow as TemplatedFlow];
        if (!template) throw new DomainError(RedirectErrors.FLOW_NOT_CONFIGURED, { flow });
        return { path: '', params: {}, external: fillTemplate(template, { ...(req[flow] as Record<string, unknown>), id }) };
      }
    }
  }

  private async checkCallbacks(callbacks: Record<string, string | undefined>, clientId: string | undefined) {
    const urls = Object.values(callbacks).filter((url): url is string => !!url);
    if (urls.length === 0) return;
    if (!clientId) throw new DomainError(RedirectErrors.CLIENT_REQUIRED);
    const client = await this.deps.clients.find(clientId);
    if (!client) throw new DomainError(RedirectErrors.UNKNOWN_CLIENT, { clientId });
    for (const [name, url] of Object.entries(callbacks)) {
      if (url && !isRegisteredUri(client, url)) throw new DomainError(RedirectErrors.UNREGISTERED_URI, { field: `callbacks.${name}`, url });
    }
  }

  private session(
    id: string,
    path: string,
    params: Record<string, string>,
    prefs: CreateRedirectSessionRequest['preferences'],
  ): RedirectSession {
    const endpoint = `${this.deps.publicUrl}${path}`;
    const searchParams = { ...(prefs?.additionalQueryParameters ?? {}), ...params };
    return { id, fullUrl: `${endpoint}?${new URLSearchParams(searchParams)}`, urlDetails: { endpoint, searchParams } };
  }

  private external(id: string, target: string, prefs: CreateRedirectSessionRequest['preferences']): RedirectSession {
    const url = new URL(target);
    for (const [name, value] of Object.entries(prefs?.additionalQueryParameters ?? {})) url.searchParams.set(name, value);
    return {
      id,
      fullUrl: url.toString(),
      urlDetails: { endpoint: `${url.origin}${url.pathname}`, searchParams: Object.fromEntries(url.searchParams) },
    };
  }
}

function callerClient(caller: Caller | { kind: 'invalid' }): string | undefined {
  if (caller.kind === 'visitor' || caller.kind === 'member') return caller.clientId;
  const shopper = caller.kind === 'merchant' ? caller.shopper : undefined;
  if (shopper && (shopper.kind === 'visitor' || shopper.kind === 'member')) return shopper.clientId;
  return undefined;
}

/** Fills `{name}` placeholders with the flow's values (found at any depth), URL-encoded. */
function fillTemplate(template: string, data: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(findValue(data, name) ?? ''));
}

function findValue(data: unknown, name: string): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  for (const [key, value] of Object.entries(data)) {
    if (key === name && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) return String(value);
    const inner = findValue(value, name);
    if (inner !== undefined) return inner;
  }
  return undefined;
}
