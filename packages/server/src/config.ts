import { z } from 'zod';
import type { CardPaymentKeys as StripeKeys } from './domains/checkout/card/settings.js';
import { type TrustProxy, TrustProxySetting } from './platform/http/trust-proxy.js';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');
const seconds = (def: number, max = 10 * 365 * 86400) => z.coerce.number().int().positive().max(max).default(def);
/** A variable holding JSON, parsed, then checked by `schema`. */
const json = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
const jsonList = <T extends z.ZodType>(item: T) => json(z.array(item));
/** A TCP port in decimal digits (`z.coerce` would also take `0x50` or ` 80`); 0 picks a free one. */
const port = z
  .string()
  .regex(/^\d{1,5}$/, 'must be a port number, 0 to 65535')
  .transform(Number)
  .refine((port) => port <= 65535, 'must be a port number, 0 to 65535');
/** An address to bind a listener to: an IP address or a host name (no scheme, no port). */
const bindAddress = z.union([z.ipv4(), z.ipv6(), z.hostname()], {
  message: 'must be an IP address (127.0.0.1, 0.0.0.0, ::) or a host name, without a port',
});

/** An OIDC identity provider members can sign in with (`sso/login-with-token-params`). */
const IdpConnection = z.object({
  id: z.string().min(1),
  issuer: z.string().url(),
  jwksUrl: z.string().url(),
  audience: z.string().min(1),
});

/** Merchant URL templates for flows hosted elsewhere (bookings, events, paid plans); `{id}` is filled in. */
const RedirectTemplates = z
  .object({
    bookingsCheckout: z.string().url(),
    bookingsBook: z.string().url(),
    eventsCheckout: z.string().url(),
    paidPlansCheckout: z.string().url(),
  })
  .partial()
  .strict();

/** What a `vitrine serve` process does (`VITRINE_ROLE`, `--role`); see `Config.role`. */
const SERVER_ROLES = ['web', 'worker', 'all'] as const;
type ServerRole = (typeof SERVER_ROLES)[number];

/** Every setting, named as in the environment. Flags of `vitrine serve` override the same names. */
const Env = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  VITRINE_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** A streaming replica of DATABASE_URL's database for shopper catalogue reads (PostgreSQL only). */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** How long one PostgreSQL statement may run before the server cancels it, in ms; 0: no limit. PGlite has no such timer. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  VITRINE_PUBLIC_URL: z.string().url().optional(),
  NODE_ENV: z.string().optional(),
  VITRINE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Vitrine <no-reply@vitrine.localhost>'),
  /** The shop's first name in its settings (read on the first start only; then the stored settings are used). */
  SHOP_NAME: z.string().min(1).max(100).default('Vitrine demo shop'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL: seconds(4 * 3600, 86400),
  REFRESH_TOKEN_TTL: seconds(90 * 86400),
  REFRESH_REUSE_GRACE: z.coerce.number().int().min(0).max(300).default(30),
  AUTH_CODE_TTL: seconds(60, 60),
  VERIFY_EMAIL_ON_REGISTER: bool.default(true),
  APPROVE_MEMBERS_MANUALLY: bool.default(false),
  CAPTCHA: z.enum(['off', 'risk', 'always']).default('risk'),
  CAPTCHA_RISK_THRESHOLD: z.coerce.number().int().min(1).max(1000).default(5),
  /** Proof-of-work cost of a captcha challenge (tests use 1). */
  CAPTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Proxies believed about the client's address (`X-Forwarded-For`); off: the connection's address. */
  TRUST_PROXY: TrustProxySetting.default(false),
  VITRINE_API_KEYS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(24, 'API keys must be at least 24 characters')))
    .default([]),
  VITRINE_IDP_CONNECTIONS: jsonList(IdpConnection).default([]),
  VITRINE_REDIRECT_TEMPLATES: json(RedirectTemplates).default({}),
  /** The shop's currency (ISO 4217): prices are stored and charged in it. */
  SHOP_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code like USD')
    .default('USD'),
  /** An optional display currency for `convertedPriceData`, with its rate per unit of the shop currency. */
  DISPLAY_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code like EUR')
    .optional(),
  DISPLAY_RATE: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a positive decimal like 0.92')
    .optional(),
  /** Entries per kind of the catalogue's hot-read cache of shopper answers; 0 turns it off. */
  CATALOG_CACHE_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  /** Memory of that cache, all kinds together, in MiB (each kind gets a fixed share). */
  CATALOG_CACHE_MB: z.coerce.number().int().min(1).max(16_384).default(32),
  /** Matches a search counts its facets over exactly; beyond, counts are estimated (`facets.exhaustive: false`). */
  SEARCH_EXACT_FACETS_UP_TO: z.coerce.number().int().min(1).max(1_000_000).optional(),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  /** What this `serve` process does: answer HTTP (`web`), run the background work (`worker`), or both (`all`). */
  VITRINE_ROLE: z.enum(SERVER_ROLES, { message: `must be one of ${SERVER_ROLES.join(', ')}` }).default('all'),
  /** How often this process looks for due webhook deliveries, in ms; 0: it delivers none (another process does). */
  WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /** How often this process looks for due mails of the outbox, in ms; 0: it sends none but its own right after a change (another process retries). */
  MAIL_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  /**
   * How often the embedded database's upkeep vacuums the table most in need, in ms (one table a turn,
   * and the server waits while it runs: platform/db/embedded-vacuum.ts); 0: never. PostgreSQL's
   * autovacuum does this on a server: there the setting is not used.
   */
  VACUUM_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(86_400_000)
    .refine((interval) => interval === 0 || interval >= 1000, 'must be 0 (off) or at least 1000 ms')
    .default(60_000),
  /** Whether webhooks may reach loopback, private, link-local… addresses (default: only when not in production). */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: bool.optional(),
  /** Whether a catalogue import may fetch pictures from loopback, private, link-local… addresses (default: no). */
  IMPORT_FETCH_PRIVATE_ADDRESSES: bool.optional(),
  /** Where uploaded media files are kept (default: `<VITRINE_DATA_DIR>/media` when embedded, else ./data/media). */
  MEDIA_DIR: z.string().min(1).optional(),
  /** Whether `serve` seeds the demo catalogue on the first start of an embedded database (never in production). */
  VITRINE_DEMO: bool.default(true),
  /** The first note under "Bank transfer" in the shop settings (read on the first start only); `{number}` and `{total}` are filled in. */
  PAYMENT_BANK_TRANSFER_INSTRUCTIONS: z.string().min(10).max(2000).optional(),
  /** Card payments through Stripe: the account's secret key (`sk_…` or a restricted `rk_…`); with the two below, or none. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\w+$/, 'a Stripe secret key: sk_… or rk_…')
    .optional(),
  /** The account's publishable key (`pk_…`), the only one a page sees. */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_\w+$/, 'a Stripe publishable key: pk_…')
    .optional(),
  /** The signing secret of the webhook endpoint `/payments/stripe/webhook` (`whsec_…`). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'a Stripe webhook signing secret: whsec_…')
    .optional(),
  /** Where the server calls Stripe's API (tests point it at a local stand-in). */
  STRIPE_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
  /** Where the checkout's pay page loads Stripe.js from (the page's CSP allows exactly its origin). */
  STRIPE_JS_URL: z.url({ protocol: /^https?$/ }).default('https://js.stripe.com/v3/'),
  /** The built storefront served at `/` (its `build/` directory) or `off`; unset: `serve` takes the workspace's build when present. */
  VITRINE_STOREFRONT_DIR: z.string().min(1).max(4096).optional(),
  /** The built merchant console served at `/console/` (its `dist/` directory) or `off`; unset: `serve` takes the workspace's build when present. */
  VITRINE_CONSOLE_DIR: z.string().min(1).max(4096).optional(),
  /** The bearer token `/metrics` asks for; unset: `/metrics` answers direct loopback connections only. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Where a worker (`--role worker`) answers `/metrics`, `/healthz` and `/readyz`; unset: PORT. 0 picks a free one. Other roles answer them on PORT. */
  METRICS_PORT: port.optional(),
  /** The address a worker's metrics listener binds (loopback unless the scraper is elsewhere); other roles bind HOST. */
  METRICS_HOST: bindAddress.default('127.0.0.1'),
  /** How long a stopping `serve` waits for requests and deliveries under way before it exits anyway, in ms. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
});

export type IdpConnectionConfig = z.infer<typeof IdpConnection>;

/** The server's whole configuration, validated at start. */
export interface Config {
  port: number;
  host: string;
  /** `readUrl`: `DATABASE_READ_URL`, the replica shopper catalogue reads go to (docs/DEPLOY.md, "Read replica"). */
  database: { kind: 'postgres'; url: string; readUrl?: string } | { kind: 'pglite'; dataDir: string };
  publicUrl: string;
  production: boolean;
  secret: string;
  smtpUrl?: string;
  mailFrom: string;
  shopName: string;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  tokens: { accessTtl: number; refreshTtl: number; reuseGrace: number; codeTtl: number };
  members: { verifyEmailOnRegister: boolean; approveManually: boolean };
  captcha: { policy: 'off' | 'risk' | 'always'; riskThreshold: number; cost: number };
  rateLimitPerMinute: number;
  /** Whom `request.ip` believes about the client's address (`TRUST_PROXY`). */
  trustProxy: TrustProxy;
  apiKeys: string[];
  idpConnections: IdpConnectionConfig[];
  redirectTemplates: z.infer<typeof RedirectTemplates>;
  bodyLimit: number;
  /** `DATABASE_STATEMENT_TIMEOUT_MS` (PostgreSQL only; 0: none). */
  statementTimeoutMs: number;
  /**
   * `VITRINE_ROLE`: `web` answers HTTP and runs no background loops; `worker` runs the webhook and mail
   * outbox loops and answers only /healthz and /readyz; `all` (the default) does both.
   */
  role: ServerRole;
  /** Webhook delivery worker of this process (`WEBHOOK_INTERVAL_MS`; 0: off) and the addresses webhooks may reach. */
  webhooks: { intervalMs: number; allowPrivateAddresses: boolean };
  /** The mail outbox's background sender of this process (`MAIL_INTERVAL_MS`; 0: off). */
  mailOutbox: { intervalMs: number };
  /** The embedded database's VACUUM turns of this process (`VACUUM_INTERVAL_MS`; 0: off; unused on PostgreSQL). */
  vacuum: { intervalMs: number };
  /**
   * `cacheSize`: entries per kind of the hot-read cache (`CATALOG_CACHE_SIZE`; 0: off; absent: the default);
   * `cacheBytes`: its memory, all kinds together (`CATALOG_CACHE_MB`; absent: the default).
   */
  catalog: { currency: string; display?: { currency: string; rate: string }; cacheSize?: number; cacheBytes?: number };
  /** `exactFacetsUpTo`: `SEARCH_EXACT_FACETS_UP_TO` (absent: search-service.ts's default). */
  search: { exactFacetsUpTo?: number };
  /** Directory of uploaded media files (`MEDIA_DIR`). */
  mediaDir: string;
  /** Whether a catalogue import may fetch pictures from private addresses (`IMPORT_FETCH_PRIVATE_ADDRESSES`). */
  catalogueImport: { fetchPrivateAddresses: boolean };
  /** `serve` seeds the demo catalogue into an empty embedded database (`VITRINE_DEMO`; never in production). */
  demo: boolean;
  /** Offline payment methods of the hosted checkout (`PAYMENT_BANK_TRANSFER_INSTRUCTIONS`; absent: the default text). */
  payments: { bankTransferInstructions?: string };
  /** Card payments through Stripe (`STRIPE_*`): the keys when all three are set, where the API and Stripe.js are. */
  stripe: { keys?: StripeKeys; apiBaseUrl: string; jsUrl: string };
  /** The storefront build served at `/` (`VITRINE_STOREFRONT_DIR`; `off`: none; absent: none, `serve` fills in the workspace's). */
  storefront: { dir?: string };
  /** The console build served at `/console/` (`VITRINE_CONSOLE_DIR`; `off`: none; absent: none, `serve` fills in the workspace's). */
  console: { dir?: string };
  /** Who may read `/metrics` (`METRICS_TOKEN`; absent: direct loopback connections); where a worker answers it (`METRICS_PORT`, `METRICS_HOST`). */
  metrics: { token?: string; port?: number; host: string };
  /** `SHUTDOWN_TIMEOUT_MS`: the longest a stopping `serve` waits before it exits anyway. */
  shutdownTimeoutMs: number;
}

/** A configuration problem, listing every bad setting by name. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const DEV_SECRET = 'vitrine-development-secret-never-use-in-production';

/**
 * Builds the configuration from the environment, with flags (same names) taking precedence.
 * @throws ConfigError naming each invalid setting
 */
export function loadConfig(env: Record<string, string | undefined>, flags: Record<string, string | undefined> = {}): Config {
  const merged = Object.fromEntries(
    Object.entries({ ...env, ...flags }).filter(([, value]) => value !== undefined && value !== ''),
  ) as Record<string, string>;
  const parsed = Env.safeParse(merged);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  const settings = parsed.data;
  const production = settings.NODE_ENV === 'production';
  if (production && !settings.VITRINE_SECRET) throw new ConfigError(['VITRINE_SECRET: required when NODE_ENV=production']);
  const stripeKeys = [settings.STRIPE_SECRET_KEY, settings.STRIPE_PUBLISHABLE_KEY, settings.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean))
    throw new ConfigError(['STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three or none']);
  if (settings.DATABASE_READ_URL && !settings.DATABASE_URL)
    throw new ConfigError(['DATABASE_READ_URL: a read replica needs DATABASE_URL (the embedded database has no replicas)']);
  if (!!settings.DISPLAY_CURRENCY !== !!settings.DISPLAY_RATE)
    throw new ConfigError(['DISPLAY_CURRENCY and DISPLAY_RATE: set both or neither']);
  const publicUrl = (settings.VITRINE_PUBLIC_URL ?? `http://${urlHost(settings.HOST)}:${settings.PORT}`).replace(/\/+$/, '');
  return {
    port: settings.PORT,
    host: settings.HOST,
    database: settings.DATABASE_URL
      ? { kind: 'postgres', url: settings.DATABASE_URL, readUrl: settings.DATABASE_READ_URL }
      : { kind: 'pglite', dataDir: settings.VITRINE_DATA_DIR },
    publicUrl,
    production,
    secret: settings.VITRINE_SECRET ?? DEV_SECRET,
    smtpUrl: settings.SMTP_URL,
    mailFrom: settings.MAIL_FROM,
    shopName: settings.SHOP_NAME,
    logLevel: settings.LOG_LEVEL,
    tokens: {
      accessTtl: settings.ACCESS_TOKEN_TTL,
      refreshTtl: settings.REFRESH_TOKEN_TTL,
      reuseGrace: settings.REFRESH_REUSE_GRACE,
      codeTtl: settings.AUTH_CODE_TTL,
    },
    members: { verifyEmailOnRegister: settings.VERIFY_EMAIL_ON_REGISTER, approveManually: settings.APPROVE_MEMBERS_MANUALLY },
    captcha: { policy: settings.CAPTCHA, riskThreshold: settings.CAPTCHA_RISK_THRESHOLD, cost: settings.CAPTCHA_COST },
    rateLimitPerMinute: settings.RATE_LIMIT_PER_MINUTE,
    trustProxy: settings.TRUST_PROXY,
    apiKeys: settings.VITRINE_API_KEYS,
    idpConnections: settings.VITRINE_IDP_CONNECTIONS,
    redirectTemplates: settings.VITRINE_REDIRECT_TEMPLATES,
    bodyLimit: settings.BODY_LIMIT,
    statementTimeoutMs: settings.DATABASE_STATEMENT_TIMEOUT_MS,
    role: settings.VITRINE_ROLE,
    webhooks: { intervalMs: settings.WEBHOOK_INTERVAL_MS, allowPrivateAddresses: settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES ?? !production },
    mailOutbox: { intervalMs: settings.MAIL_INTERVAL_MS },
    vacuum: { intervalMs: settings.VACUUM_INTERVAL_MS },
    catalogueImport: { fetchPrivateAddresses: settings.IMPORT_FETCH_PRIVATE_ADDRESSES ?? false },
    mediaDir: settings.MEDIA_DIR ?? (settings.DATABASE_URL ? './data/media' : `${settings.VITRINE_DATA_DIR.replace(/\/+$/, '')}/media`),
    demo: settings.VITRINE_DEMO && !production,
    payments: { bankTransferInstructions: settings.PAYMENT_BANK_TRANSFER_INSTRUCTIONS },
    stripe: {
      keys:
        settings.STRIPE_SECRET_KEY && settings.STRIPE_PUBLISHABLE_KEY && settings.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: settings.STRIPE_SECRET_KEY,
              publishableKey: settings.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: settings.STRIPE_WEBHOOK_SECRET,
            }
          : undefined,
      apiBaseUrl: settings.STRIPE_API_BASE_URL,
      jsUrl: settings.STRIPE_JS_URL,
    },
    storefront: { dir: settings.VITRINE_STOREFRONT_DIR },
    console: { dir: settings.VITRINE_CONSOLE_DIR },
    metrics: { token: settings.METRICS_TOKEN, port: settings.METRICS_PORT, host: settings.METRICS_HOST },
    shutdownTimeoutMs: settings.SHUTDOWN_TIMEOUT_MS,
    catalog: {
      currency: settings.SHOP_CURRENCY,
      display:
        settings.DISPLAY_CURRENCY && settings.DISPLAY_RATE
          ? { currency: settings.DISPLAY_CURRENCY, rate: settings.DISPLAY_RATE }
          : undefined,
      cacheSize: settings.CATALOG_CACHE_SIZE,
      cacheBytes: settings.CATALOG_CACHE_MB * 2 ** 20,
    },
    search: { exactFacetsUpTo: settings.SEARCH_EXACT_FACETS_UP_TO },
  };
}

/** The host part of a URL for a bind address (`0.0.0.0` and `::` are reached as loopback). */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
