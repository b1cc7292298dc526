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
export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: services.config.logLevel, serializers: { req: requestLogSerializer }, stream: options.logStream },
    // Request lines at debug: the default level logs no line per request (README, "Logs").
    logController: new DebugLevelRequestLog(),
    // A request's pino child is made on its first line: most requests write none (request-logger.ts).
    childLoggerFactory: requestLoggerOf,
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: frameworkErrorAnswer,
    clientErrorHandler: clientErrorAnswer,
    bodyLimit: services.config.bodyLimit,
    // request.ip (rate limits, captcha counters, logs) is the client's behind the proxies trusted here.
    trustProxy: services.config.trustProxy,
    // Tokens travel in Authorization; nothing else we accept needs a long header.
    routerOptions: { maxParamLength: 500 },
  });
  installRouteList(app);
  const metrics = new ServerMetrics({
    pools: () => databasePools(services.database),
    caches: () => ({ ...services.catalogCache.counts(), ...services.pricing.memoCounts() }),
    queues: () => readQueueBacklogs(services.database.db),
    // the embedded database's VACUUM turns (PostgreSQL: none, its autovacuum does that work)
    upkeep: services.vacuum.applies && runsBackgroundWork(services.config.role) ? () => services.vacuum.counts : undefined,
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
  installSecurityHeaders(app, { https: services.config.publicUrl.startsWith('https:') });
  // A callback hook, not an async one: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Wix-Request-Id', request.id);
    done();
  });
  const shopName = async () => (await services.settings.current()).shopName;
  const shop = async () => shopProfileOf(await services.settings.current());
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
  await app.register(cookie, { secret: services.config.secret });
  await app.register(cors, {
    // Registered client origins only; credentials (the hosted-session cookie) are never needed cross-site.
    origin: (origin, callback) => {
      if (!origin) return callback(null, false);
      services.clients.anyAllowsOrigin(origin).then(
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
      servers: [{ url: services.config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  installCallerResolution(app, {
    verifyAccessToken: (token) => services.oauth.callerOf(token),
    knownAccessToken: (token) => services.oauth.knownShopperOf(token),
    verifyApiKey: (key) => services.apiKeys.verify(key),
    isApiKey: (credential) => services.apiKeys.isApiKey(credential),
  });

  await app.register(rateLimit, rateLimitOptions(services.database.db, services.config.rateLimitPerMinute));
  await app.register(healthRoutes, readinessOf(services.database));
  await app.register(metricsRoutes, { metrics, token: services.config.metrics.token });
  const { pglite } = services.database;
  if (pglite) await app.register(backupRoutes, { database: { ...services.database, pglite } });
  await app.register(captchaRoutes, { challenges: services.captcha });
  await app.register(oauthRoutes, { oauth: services.oauth, keys: services.keys });
  await app.register(consoleSessionRoutes, {
    oauth: services.oauth,
    clientId: CONSOLE_CLIENT_ID,
    publicUrl: services.config.publicUrl,
    refreshTtl: services.config.tokens.refreshTtl,
  });
  await app.register(redirectRoutes, { redirects: services.redirects });
  await app.register(catalogReadRoutes, { catalogReads: services.catalogReads, cache: services.catalogCache });
  await app.register(catalogSearchRoutes, { search: services.catalogSearch });
  await app.register(catalogWriteRoutes, { catalog: services.catalogWrites });
  await app.register(inventoryRoutes, { history: services.inventoryHistory, catalog: services.catalogWrites });
  await app.register(mediaRoutes, { media: services.mediaFiles });
  await app.register(catalogueTransferRoutes, { transfer: services.catalogueTransfer });
  await app.register(hostedPageRoutes, {
    authorize: services.authorize,
    identity: services.identity,
    members: services.members,
    publicUrl: services.config.publicUrl,
    shopName,
    captchaAlways: services.config.captcha.policy === 'always',
    errors: errorTable,
    hostedSession: (id, kind) => services.redirects.hostedSession(id, kind),
  });
  await app.register(identityRoutes, {
    identity: services.identity,
    sso: services.sso,
    rateLimitPerMinute: services.config.rateLimitPerMinute,
  });
  await app.register(webhookRoutes, { webhooks: services.webhooks.registry });
  await app.register(mailRoutes, { mails: services.mailAdmin });
  await app.register(apiKeyRoutes, { apiKeys: services.apiKeys });
  await app.register(merchantRoutes, { merchants: services.merchants });
  await app.register(pricingRoutes, { pricing: services.pricing });
  await app.register(cartRoutes, { carts: services.carts });
  await app.register(checkoutRoutes, {
    checkout: services.checkout.checkout,
    orders: services.checkout.orders,
    actions: services.checkout.actions,
  });
  await app.register(orderTimelineRoutes, { timeline: services.checkout.timeline });
  await app.register(orderExportRoutes, { orders: services.checkout.orders });
  // What the hosted checkout's pages share: the checkout page and the card pay step.
  const hostedCheckout = {
    checkouts: services.checkout.hosted,
    session: (id: string, checkoutId: string) => services.redirects.checkoutSession(id, checkoutId),
    price: services.checkout.price,
    publicUrl: services.config.publicUrl,
    storefrontUrl: services.config.storefront.dir && services.config.storefront.dir !== 'off' ? services.config.publicUrl : undefined,
    shopName,
    shop,
    errors: errorTable,
  };
  await app.register(checkoutPageRoutes, {
    ...hostedCheckout,
    coupons: services.checkout.coupons,
    placement: services.checkout.placement,
    statusUrl: (order) => services.checkout.links.orderStatusUrl(order),
    card: services.checkout.card,
  });
  await app.register(orderStatusPageRoutes, { links: services.checkout.links, orders: services.checkout.placement, shop });
  await app.register(cardPaymentRoutes, { ...hostedCheckout, card: services.checkout.card, stripe: services.checkout.stripe });
  await app.register(stripeWebhookRoute, { card: services.checkout.card });
  await app.register(settingsRoutes, { settings: services.settings });
  await app.register(customerRoutes, { customers: services.customers });
  await app.register(dashboardRoutes, { dashboard: services.dashboard });
  await app.register(graphqlRoutes, {
    catalogReads: services.catalogReads,
    carts: services.carts,
    members: services.identity,
    errors: errorTable,
    production: services.config.production,
  });
  // Webhook deliveries and mail retries: in every process but a web-only one (VITRINE_ROLE=web).
  if (runsBackgroundWork(services.config.role)) installBackgroundWork(app, services);
  // Over a shared PostgreSQL the caches hear other processes' changes (the catalogue's serves from memory only while it does).
  app.addHook('onReady', async () => {
    services.database.replica?.routing.useLog(app.log);
    await services.changes.start(app.log);
  });
  app.addHook('onClose', async () => {
    services.catalogCache.stop();
    await services.changes.stop();
  });
  // The dev mailbox shows codes and recovery links: only without SMTP and outside production.
  if (services.mailer instanceof DevMailbox && !services.config.production)
    await app.register(devMailboxRoutes, { mailbox: services.mailer });
  const consoleDir = services.config.console.dir;
  await mountConsole(app, consoleDir === 'off' ? undefined : consoleDir);
  // Last: the storefront's catch-all yields to every route above (and to their first path segments).
  const storefrontDir = services.config.storefront.dir;
  if (storefrontDir && storefrontDir !== 'off') {
    await mountStorefront(app, {
      dir: storefrontDir,
      publicUrl: services.config.publicUrl,
      shopName,
      currency: services.config.catalog.currency,
      production: services.config.production,
    });
  }
  return app;
}
