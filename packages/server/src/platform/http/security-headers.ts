/**
 * Security headers in one place, made by helmet: every answer gets the baseline (nosniff, no
 * referrer, no MIME sniffing downloads…); a page adds its Content-Security-Policy and framing rule,
 * made from its `PageHeaders` (the data of each kind of page lives in page-policies.ts).
 *
 * helmet itself rather than @fastify/helmet: the plugin calls `helmet(options)` inside its
 * onRequest hook, building the whole middleware chain again for every request (measured: 7 µs of a
 * 45 µs cached product read). Here the baseline middleware is built once, as helmet intends, and
 * a page builds only its own three headers' middlewares (its CSP carries a fresh nonce).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { contentSecurityPolicy, frameguard, referrerPolicy } from 'helmet';

/** CSP directives by name (`'script-src'`), each a list of sources. */
export type CspDirectives = Record<string, string[]>;

/** What one kind of page allows: its CSP (frame-ancestors aside), who may frame it, what referrer it leaks. */
export interface PageHeaders {
  directives: CspDirectives;
  /** Origins allowed to frame the page; nobody when absent or empty. */
  framedBy?: string[];
  /** The page's Referrer-Policy; `no-referrer` when absent (hosted pages carry tokens in their URLs). */
  referrer?: 'no-referrer' | 'strict-origin-when-cross-origin';
}

/** HSTS for a year, only where the shop is served over HTTPS (browsers ignore it over HTTP anyway). */
const HSTS = { maxAge: 365 * 24 * 3600 };

/**
 * Sets the baseline on every answer, before any route or hook may answer: no CSP (JSON, files and
 * swagger-ui's `/docs` need none; pages set theirs with `applyPageHeaders`). Call it before the routes.
 */
export function installSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  const baseline = helmet({
    contentSecurityPolicy: false,
    // Pages say whether they may be framed (frame-ancestors and X-Frame-Options, see applyPageHeaders).
    frameguard: false,
    // Media, the captcha widget and the JWKS are meant for shops on other origins too.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    strictTransportSecurity: options.https ? HSTS : false,
  });
  // helmet 8 throws its errors instead of passing them on, so `next` is only ever called empty.
  app.addHook('onRequest', (request, reply, done) => baseline(request.raw, reply.raw, () => done()));
}

/** helmet's middlewares call `next` synchronously; a page's headers need nothing after them. */
const nothingNext = () => {};

/**
 * Adds a page's headers to the baseline: its CSP (with the frame-ancestors rule), X-Frame-Options
 * where nobody may frame it, and its referrer policy. They go on the raw response (helmet writes
 * there), so they are sent also when the route hijacks the reply and writes to the socket itself
 * (the storefront).
 */
export function applyPageHeaders(reply: FastifyReply, page: PageHeaders): void {
  const framedBy = page.framedBy?.length ? page.framedBy : undefined;
  const raw = [reply.request.raw, reply.raw] as const;
  contentSecurityPolicy({ useDefaults: false, directives: { ...page.directives, 'frame-ancestors': framedBy ?? ["'none'"] } })(
    ...raw,
    nothingNext,
  );
  // X-Frame-Options cannot name another origin: framed pages rely on frame-ancestors alone.
  if (!framedBy) frameguard({ action: 'deny' })(...raw, nothingNext);
  referrerPolicy({ policy: page.referrer ?? 'no-referrer' })(...raw, nothingNext);
}
