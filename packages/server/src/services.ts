import type { Config } from './config.js';
import { CartService } from './domains/cart/service.js';
import { CatalogCartItems } from './domains/catalog/cart-items.js';
import { InventoryHistory } from './domains/catalog/inventory-history.js';
import { MediaStore } from './domains/catalog/media-store.js';
import { CatalogCache, DEFAULT_CACHE_ENTRIES } from './domains/catalog/read-cache.js';
import { CatalogReadService } from './domains/catalog/read-service.js';
import { CatalogSearchService } from './domains/catalog/search-service.js';
import type { CatalogWriteDeps } from './domains/catalog/write-context.js';
import { CatalogWriteService } from './domains/catalog/write-service.js';
import { CatalogueTransferService } from './domains/catalogue-transfer/service.js';
import { type CheckoutServices, createCheckoutServices, shopPaymentProviders } from './domains/checkout/compose.js';
import { CustomerService } from './domains/customers/service.js';
import { DashboardService } from './domains/dashboard/service.js';
import type { WebhookDispatcher } from './domains/events/dispatcher.js';
import { EventPublisher } from './domains/events/publisher.js';
import { createWebhooks, type WebhookRegistry } from './domains/events/registry.js';
import { MerchantAccounts } from './domains/identity/merchants.js';
import { IdentityService } from './domains/identity/service.js';
import { SsoService } from './domains/identity/sso-service.js';
import { MailAdmin } from './domains/mails/service.js';
import { ApiKeys } from './domains/oauth/api-keys.js';
import { AuthorizeService } from './domains/oauth/authorize-service.js';
import { ClientRegistry } from './domains/oauth/clients.js';
import { ExpiredRowsSweeper } from './domains/oauth/expired-rows.js';
import { SigningKeys } from './domains/oauth/keys.js';
import { type MemberDirectory, OAuthService } from './domains/oauth/service.js';
import { catalogIdsOf } from './domains/pricing/deps.js';
import { PricingService } from './domains/pricing/service.js';
import { RedirectService } from './domains/redirects/service.js';
import { openShopSettings } from './domains/settings/from-config.js';
import { senderOf } from './domains/settings/mail-sender.js';
import type { ShopSettingsService } from './domains/settings/service.js';
import { AltchaCaptchaGate } from './platform/captcha/altcha-gate.js';
import type { CaptchaGate } from './platform/captcha/captcha-gate.js';
import type { ChallengeIssuer } from './platform/captcha/challenges.js';
import type { Clock } from './platform/clock.js';
import { ChangeChannel } from './platform/db/change-channel.js';
import type { DatabaseHandle } from './platform/db/database.js';
import { EmbeddedVacuum } from './platform/db/embedded-vacuum.js';
import { configuredMailer } from './platform/mail/configured-mailer.js';
import type { Mailer } from './platform/mail/mailer.js';

/** Every service of the server, built once per app from config and database. */
export interface Services {
  config: Config;
  database: DatabaseHandle;
  keys: SigningKeys;
  apiKeys: ApiKeys;
  clients: ClientRegistry;
  oauth: OAuthService;
  authorize: AuthorizeService;
  redirects: RedirectService;
  /** The captcha policy; also issues the widget's challenges. */
  captcha: CaptchaGate & ChallengeIssuer;
  /** SMTP when SMTP_URL is set, else the dev mailbox (table `dev_mailbox`, shown at `/_dev/mailbox`). */
  mailer: Mailer;
  identity: IdentityService;
  /** The shop's merchants (console sign-in): made, listed and removed by the owner. */
  merchants: MerchantAccounts;
  /** Login with ID tokens of the configured identity providers. */
  sso: SsoService;
  /** What OAuth asks of identity (active members, session tokens). */
  members: MemberDirectory;
  /** The event outbox: services publish inside their write transactions (`events.publish(trx, ...)`). */
  events: EventPublisher;
  /** Webhook endpoints and the delivery worker (started by the app, `WEBHOOK_INTERVAL_MS`). */
  webhooks: { registry: WebhookRegistry; dispatcher: WebhookDispatcher };
  /** Catalogue reads (products, collections, variants) for shoppers and merchants. */
  catalogReads: CatalogReadService;
  /** Shopper answers of the hot catalogue reads, dropped on every catalogue change (started and stopped by the app). */
  catalogCache: CatalogCache;
  /** deletes expired sign-in rows (run by the background work) */
  expiredRows: ExpiredRowsSweeper;
  /** the embedded database's VACUUM turns (run by the background work; nothing on PostgreSQL, which has autovacuum) */
  vacuum: EmbeddedVacuum;
  /** other processes' changes to what the caches hold (PostgreSQL LISTEN/NOTIFY; nothing on the embedded database) */
  changes: ChangeChannel;
  /** Product search and suggestions for shoppers (issue #22). */
  catalogSearch: CatalogSearchService;
  /** Catalogue writes of the merchant API (one transaction each, events included). */
  catalogWrites: CatalogWriteService;
  /** The variants' inventory history (issue #24), for the merchant API. */
  inventoryHistory: InventoryHistory;
  /** What the catalogue's writers share (database, outbox, currency, view): the seed and `vitrine import` write with it. */
  catalogWriteDeps: CatalogWriteDeps;
  /** Uploaded media files (`MEDIA_DIR`), served at `/media/{id}/{fileName}`. */
  mediaFiles: MediaStore;
  /** The merchant's pricing configuration (coupons, shipping, tax, memberships); the cart's `PricingPort`. */
  pricing: PricingService;
  /** The caller's current cart (also the checkout's `CartForCheckoutPort`). */
  carts: CartService;
  /** Checkouts, the hosted checkout page's quotes, order placement and the orders read API. */
  checkout: CheckoutServices;
  /** The shop's details, e-mail sender and payment methods (merchant API, CLI, console); `current()` for every reader. */
  settings: ShopSettingsService;
  /** The buyer's mails for the merchant: previews and the outbox. */
  mailAdmin: MailAdmin;
  /** The merchant's customers: members and guests with their orders (issue #24). */
  customers: CustomerService;
  /** The merchant's dashboard: sales per day, best sellers, low stock, waiting orders. */
  dashboard: DashboardService;
  /** The merchant's catalogue export and import (Vitrine, Shopify and Wix Stores files; issue #24). */
  catalogueTransfer: CatalogueTransferService;
}

/** What a test may set that a configuration does not: the clock token and code lifetimes run on. */
export interface ServiceOptions {
  now?: Clock;
}

/** Builds the services and loads what they need at start (signing keys, configured API keys). */
export async function createServices(
  config: Config,
  database: DatabaseHandle,
  members: MemberDirectory,
  options: ServiceOptions = {},
): Promise<Services> {
  const { db } = database;
  // PostgreSQL may be shared by several processes: caches hear each other's changes through one channel.
  // The embedded database has one process (its data directory's lock): forgetting in-process is enough.
  const changes = new ChangeChannel(config.database.kind === 'postgres' ? config.database.url : undefined);
  const keys = new SigningKeys(db, config.publicUrl, changes);
  await keys.init();
  const apiKeys = new ApiKeys(db);
  await apiKeys.registerConfigured(config.apiKeys);
  const clients = new ClientRegistry(db);
  const oauth = new OAuthService({ db, keys, clients, members, tokens: config.tokens, now: options.now });
  const authorize = new AuthorizeService({ db, clients, members, oauth, now: options.now });
  const redirects = new RedirectService({ db, publicUrl: config.publicUrl, templates: config.redirectTemplates, clients, authorize });
  const captcha = new AltchaCaptchaGate({ db, ...config.captcha, secret: config.secret });
  const settings = await openShopSettings(db, config, changes);
  const mailer = configuredMailer(config, db, senderOf(settings));
  const identity = new IdentityService({
    db,
    members: config.members,
    publicUrl: config.publicUrl,
    mailer,
    captcha,
    clients,
    revokeMember: (memberId, reason, sparedSessionId) => oauth.revokeMember(memberId, reason, sparedSessionId),
    // Built below (checkout needs the cart, which needs pricing); called only once requests arrive.
    claimGuestOrders: (member) => checkout.guestOrders.claim(member),
  });
  const merchants = new MerchantAccounts({
    db,
    activationLink: (identityId) => identity.sendMerchantInvite(identityId),
    revokeMerchant: (identityId, reason) => oauth.revokeMerchant(identityId, reason),
  });
  const sso = new SsoService({
    db,
    members: config.members,
    connections: config.idpConnections,
    answer: (member, binding) => identity.answer(member, binding),
  });
  const events = new EventPublisher();
  const webhooks = createWebhooks(db, config.webhooks.allowPrivateAddresses);
  // Shoppers' catalogue reads and search go to the read replica when one is configured; carts,
  // checkout, pricing and every write keep `db`, the primary (docs/ARCHITECTURE.md, "Read replica").
  const { reads } = database;
  const catalogReads = new CatalogReadService({ db, reads, publicUrl: config.publicUrl, display: config.catalog.display });
  const catalogCache = new CatalogCache({
    maxEntries: config.catalog.cacheSize ?? DEFAULT_CACHE_ENTRIES,
    maxBytes: config.catalog.cacheBytes,
    // Several processes may share a PostgreSQL database: hear their changes (NOTIFY) before trusting memory.
    changes,
    onChange: database.replica && (() => database.replica?.routing.catalogChanged()),
  });
  const catalogSearch = new CatalogSearchService({
    db: reads,
    views: catalogReads,
    cache: catalogCache,
    exactFacetsUpTo: config.search.exactFacetsUpTo,
  });
  // The cache hears every product/collection event of the app's publisher, whoever publishes it.
  catalogCache.follow(events);
  const catalogWriteDeps: CatalogWriteDeps = {
    db,
    events,
    currency: config.catalog.currency,
    view: { publicUrl: config.publicUrl, display: config.catalog.display },
  };
  const catalogWrites = new CatalogWriteService(catalogWriteDeps);
  const inventoryHistory = new InventoryHistory({ db });
  const mediaFiles = new MediaStore({ db, dir: config.mediaDir, publicUrl: config.publicUrl });
  const pricing = new PricingService({ db, currency: config.catalog.currency, catalog: catalogIdsOf(catalogReads), changes });
  const payments = shopPaymentProviders(settings, config);
  const carts = new CartService({
    db,
    catalog: new CatalogCartItems({ publicUrl: config.publicUrl, cache: catalogCache }),
    pricing,
    events,
    currency: config.catalog.currency,
    display: config.catalog.display,
    payments: { linePaymentOption: () => payments.linePaymentOption() },
  });
  const checkout = createCheckoutServices({ db, config, carts, pricing, events, mailer, members: identity, settings, payments });
  await checkout.links.init();
  const dashboard = new DashboardService({ db, timeZone: async () => (await settings.current()).timeZone, now: options.now });
  const mailAdmin = new MailAdmin({ db, orders: checkout.orders, ...checkout.mailing, publicUrl: config.publicUrl });
  const customers = new CustomerService({ db, price: checkout.price, payments: checkout.payments });
  const catalogueTransfer = new CatalogueTransferService({
    catalog: catalogWriteDeps,
    media: mediaFiles,
    publicUrl: config.publicUrl,
    fetchPrivateAddresses: config.catalogueImport.fetchPrivateAddresses,
  });
  return {
    config,
    database,
    keys,
    apiKeys,
    clients,
    oauth,
    authorize,
    redirects,
    captcha,
    mailer,
    identity,
    merchants,
    sso,
    members,
    events,
    webhooks,
    catalogReads,
    catalogCache,
    changes,
    expiredRows: new ExpiredRowsSweeper({ db, now: options.now }),
    vacuum: new EmbeddedVacuum({ database }),
    catalogSearch,
    catalogWrites,
    inventoryHistory,
    catalogWriteDeps,
    mediaFiles,
    pricing,
    carts,
    checkout,
    settings,
    mailAdmin,
    customers,
    dashboard,
    catalogueTransfer,
  };
}
