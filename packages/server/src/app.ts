import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { installBackgroundWork, runsBackgroundWork } from './background-work.js';
import { CONSOLE_CLIENT_ID } from './cli/console-client.js';
import { cartRoutes } from './domains/cart/routes.js';
import { inventoryRoutes } from './domains/catalog/inventory-routes.js';
import { mediaRoutes } from './domains/catalog/media-routes.js';
import { catalogReadRoutes } from './domains/catalog/read-routes.js';
import { catalogSearchRoutes } from './domains/catalog/search-routes.js';
import { catalogWriteRoutes } from './domains/catalog/write-routes.js';
import { catalogueTransferRoutes } from './domains/catalogue-transfer/routes.js';
import { cardPaymentRoutes, stripeWebhookRoute } from './domains/checkout/card/routes.js';
import { orderExportRoutes } from './domains/checkout/orders-export-routes.js';
import { checkoutPageRoutes } from './domains/checkout/pages/routes.js';
import { orderStatusPageRoutes } from './domains/checkout/pages/status-routes.js';
import { checkoutRoutes } from './domains/checkout/routes.js';
import { orderTimelineRoutes } from './domains/checkout/timeline-routes.js';
import { customerRoutes } from './domains/customers/routes.js';
import { dashboardRoutes } from './domains/dashboard/routes.js';
import { webhookRoutes } from './domains/events/routes.js';
import { graphqlRoutes } from './domains/graphql/routes.js';
import { merchantRoutes } from './domains/identity/merchant-routes.js';
import { identityRoutes } from './domains/identity/routes.js';
import { mailRoutes } from './domains/mails/routes.js';
import { apiKeyRoutes } from './domains/oauth/api-key-routes.js';
import { consoleSessionRoutes } from './domains/oauth/console-session-routes.js';
import { hostedPageRoutes } from './domains/oauth/pages/routes.js';
import { oauthRoutes } from './domains/oauth/routes.js';
import { pricingRoutes } from './domains/pricing/routes.js';
import { redirectRoutes } from './domains/redirects/routes.js';
import { settingsRoutes } from './domains/settings/routes.js';
import { shopProfileOf } from './domains/settings/shop-profile.js';
import { errorTable } from './error-table.js';
import { renderErrorPage } from './pages/render.js';
import { backupRoutes } from './platform/backup/routes.js';
import { installCallerResolution } from './platform/caller.js';
import { captchaRoutes } from './platform/captcha/routes.js';
import { mountConsole } from './platform/console-mount.js';
import { databasePools } from './platform/db/database.js';
import { healthRoutes, readinessOf } from './platform/http/health.js';
import { installInputChecks } from './platform/http/input-checks.js';
import { requestLogSerializer } from './platform/http/log-redaction.js';
import { newNonce, sendPage } from './platform/http/page-reply.js';
import { installQueryBodyLimit } from './platform/http/query-body-limit.js';
import { DebugLevelRequestLog } from './platform/http/request-log.js';
import { requestLoggerOf } from './platform/http/request-logger.js';
import { installRouteList } from './platform/http/route-list.js';
import { installSecurityHeaders } from './platform/http/security-headers.js';
import { DevMailbox } from './platform/mail/dev-mailbox.js';
import { devMailboxRoutes } from './platform/mail/dev-mailbox-routes.js';
import { readQueueBacklogs } from './platform/metrics/queue-store.js';
import { countRequests, metricsRoutes } from './platform/metrics/routes.js';
import { ServerMetrics } from './platform/metrics/server-metrics.js';
import { rateLimitOptions } from './platform/rate-limit/options.js';
import { mountStorefront } from './platform/storefront-mount.js';
import { clientErrorAnswer, frameworkErrorAnswer, installErrorHandling, zodValidatorCompiler } from './platform/wire-errors.js';
import type { Services } from './services.js';

/** How the app is built beyond its services. */
export interface AppOptions {
  /** Where log lines go (default: stdout); tests capture them to prove no secret is logged. */
  logStream?: { write(line: string): void };
}

/**
 * Builds the HTTP app from the services: platform first (ids, errors, validation, CORS, OpenAPI,
 * caller resolution), then the domains, each under the base path the SDK calls.
 */
export async function buildApp(s: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: s.config.logLevel, serializers: { req: requestLogSerializer }, stream: options.logStream },
    // Request lines at debug: the default level logs no line per request (README, "Logs").
    logController: new DebugLevelRequestLog(),
    // A request's pino child is made on its first line: most requests write none (request-logger.ts).
    childLoggerFactory: requestLoggerOf,
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: frameworkErrorAnswer,
    clientErrorHandler: clientErrorAnswer,
    bodyLimit: s.config.bodyLimit,
    // request.ip (rate limits, captcha counters, logs) is the client's behind the proxies trusted here.
    trustProxy: s.config.trustProxy,
    // Tokens travel in Authorization; nothing else we accept needs a long header.
    routerOptions: { maxParamLength: 500 },
  });
  installRouteList(app);
  const metrics = new ServerMetrics({
    pools: () => databasePools(s.database),
    caches: () => ({ ...s.catalogCache.counts(), ...s.pricing.memoCounts() }),
    queues: () => readQueueBacklogs(s.database.db),
    warn: (obj, msg) => app.log.warn(obj, msg),
  });
  countRequests(app, metrics);
  app.setValidatorCompiler(zodValidatorCompiler);
  installInputChecks(app);
  installQueryBodyLimit(app);
  app.setSerializerCompiler(serializerCompiler);
  // No route reads text, and a text/plain POST is a "simple" cross-site request that skips the CORS preflight.
  app.removeContentTypeParser('text/plain');
  // Before every route and hook that may answer: each answer gets the baseline, each page its policy.
  installSecurityHeaders(app, { https: s.config.publicUrl.startsWith('https:') });
  // A callback hook, not an async one: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Wix-Request-Id', request.id);
    done();
  });
  const shopName = async () => (await s.settings.current()).shopName;
  const shop = async () => shopProfileOf(await s.settings.current());
  installErrorHandling(app, errorTable, async (_request, reply) => {
    const nonce = newNonce();
    const html = renderErrorPage({
      shopName: await shopName(),
      nonce,
      title: 'Page not found',
      message: 'There is no page at this address.',
    });
    return sendPage(reply, html, nonce, {}, 404);
  });

  await app.register(formbody);
  await app.register(cookie, { secret: s.config.secret });
  await app.register(cors, {
    // Registered client origins only; credentials (the hosted-session cookie) are never needed cross-site.
    origin: (origin, callback) => {
      if (!origin) return callback(null, false);
      s.clients.anyAllowsOrigin(origin).then(
        (ok) => callback(null, ok),
        (error: Error) => callback(error, false),
      );
    },
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    exposedHeaders: ['X-Wix-Request-Id'],
    maxAge: 600,
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Vitrine API', version: '0.1.0', description: 'Storefront, OAuth and identity endpoints of @vitrine/server.' },
      servers: [{ url: s.config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  installCallerResolution(app, {
    verifyAccessToken: (token) => s.oauth.callerOf(token),
    knownAccessToken: (token) => s.oauth.knownShopperOf(token),
    verifyApiKey: (key) => s.apiKeys.verify(key),
    isApiKey: (credential) => s.apiKeys.isApiKey(credential),
  });

  await app.register(rateLimit, rateLimitOptions(s.database.db, s.config.rateLimitPerMinute));
  await app.register(healthRoutes, readinessOf(s.database));
  await app.register(metricsRoutes, { metrics, token: s.config.metrics.token });
  const { pglite } = s.database;
  if (pglite) await app.register(backupRoutes, { database: { ...s.database, pglite } });
  await app.register(captchaRoutes, { challenges: s.captcha });
  await app.register(oauthRoutes, { oauth: s.oauth, keys: s.keys });
  await app.register(consoleSessionRoutes, {
    oauth: s.oauth,
    clientId: CONSOLE_CLIENT_ID,
    publicUrl: s.config.publicUrl,
    refreshTtl: s.config.tokens.refreshTtl,
  });
  await app.register(redirectRoutes, { redirects: s.redirects });
  await app.register(catalogReadRoutes, { catalogReads: s.catalogReads, cache: s.catalogCache });
  await app.register(catalogSearchRoutes, { search: s.catalogSearch });
  await app.register(catalogWriteRoutes, { catalog: s.catalogWrites });
  await app.register(inventoryRoutes, { history: s.inventoryHistory, catalog: s.catalogWrites });
  await app.register(mediaRoutes, { media: s.mediaFiles });
  await app.register(catalogueTransferRoutes, { transfer: s.catalogueTransfer });
  await app.register(hostedPageRoutes, {
    authorize: s.authorize,
    identity: s.identity,
    members: s.members,
    publicUrl: s.config.publicUrl,
    shopName,
    captchaAlways: s.config.captcha.policy === 'always',
    errors: errorTable,
    hostedSession: (id, kind) => s.redirects.hostedSession(id, kind),
  });
  await app.register(identityRoutes, { identity: s.identity, sso: s.sso, rateLimitPerMinute: s.config.rateLimitPerMinute });
  await app.register(webhookRoutes, { webhooks: s.webhooks.registry });
  await app.register(mailRoutes, { mails: s.mailAdmin });
  await app.register(apiKeyRoutes, { apiKeys: s.apiKeys });
  await app.register(merchantRoutes, { merchants: s.merchants });
  await app.register(pricingRoutes, { pricing: s.pricing });
  await app.register(cartRoutes, { carts: s.carts });
  await app.register(checkoutRoutes, { checkout: s.checkout.checkout, orders: s.checkout.orders, actions: s.checkout.actions });
  await app.register(orderTimelineRoutes, { timeline: s.checkout.timeline });
  await app.register(orderExportRoutes, { orders: s.checkout.orders });
  // What the hosted checkout's pages share: the checkout page and the card pay step.
  const hostedCheckout = {
    checkouts: s.checkout.hosted,
    session: (id: string, checkoutId: string) => s.redirects.checkoutSession(id, checkoutId),
    price: s.checkout.price,
    publicUrl: s.config.publicUrl,
    storefrontUrl: s.config.storefront.dir && s.config.storefront.dir !== 'off' ? s.config.publicUrl : undefined,
    shopName,
    shop,
    errors: errorTable,
  };
  await app.register(checkoutPageRoutes, {
    ...hostedCheckout,
    coupons: s.checkout.coupons,
    placement: s.checkout.placement,
    statusUrl: (order) => s.checkout.links.orderStatusUrl(order),
    card: s.checkout.card,
  });
  await app.register(orderStatusPageRoutes, { links: s.checkout.links, orders: s.checkout.placement, shop });
  await app.register(cardPaymentRoutes, { ...hostedCheckout, card: s.checkout.card, stripe: s.checkout.stripe });
  await app.register(stripeWebhookRoute, { card: s.checkout.card });
  await app.register(settingsRoutes, { settings: s.settings });
  await app.register(customerRoutes, { customers: s.customers });
  await app.register(dashboardRoutes, { dashboard: s.dashboard });
  await app.register(graphqlRoutes, {
    catalogReads: s.catalogReads,
    carts: s.carts,
    members: s.identity,
    errors: errorTable,
    production: s.config.production,
  });
  // Webhook deliveries and mail retries: in every process but a web-only one (VITRINE_ROLE=web).
  if (runsBackgroundWork(s.config.role)) installBackgroundWork(app, s);
  // Over a shared PostgreSQL the caches hear other processes' changes (the catalogue's serves from memory only while it does).
  app.addHook('onReady', async () => {
    s.database.replica?.routing.useLog(app.log);
    await s.changes.start(app.log);
  });
  app.addHook('onClose', async () => {
    s.catalogCache.stop();
    await s.changes.stop();
  });
  // The dev mailbox shows codes and recovery links: only without SMTP and outside production.
  if (s.mailer instanceof DevMailbox && !s.config.production) await app.register(devMailboxRoutes, { mailbox: s.mailer });
  const consoleDir = s.config.console.dir;
  await mountConsole(app, consoleDir === 'off' ? undefined : consoleDir);
  // Last: the storefront's catch-all yields to every route above (and to their first path segments).
  const storefrontDir = s.config.storefront.dir;
  if (storefrontDir && storefrontDir !== 'off') {
    await mountStorefront(app, {
      dir: storefrontDir,
      publicUrl: s.config.publicUrl,
      shopName,
      currency: s.config.catalog.currency,
      production: s.config.production,
    });
  }
  return app;
}
