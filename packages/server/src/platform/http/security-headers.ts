/**
 * Security headers in one place, made by @fastify/helmet: every answer gets the baseline (nosniff, no
 * referrer, no MIME sniffing downloads…); a page adds its Content-Security-Policy and framing rule,
 * made from its `PageHeaders` (the data of each kind of page lives in page-policies.ts).
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Helmet's options for one answer (as `reply.helmet` takes them). */
type HelmetOptions = Parameters<FastifyReply['helmet']>[0];

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
 * Registers helmet for every answer: the baseline without a CSP (JSON, files and swagger-ui's `/docs`
 * need none; pages set theirs with `applyPageHeaders`). Register it before the routes.
 */
export async function installSecurityHeaders(app: FastifyInstance, options: { https: boolean }): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    // Pages say whether they may be framed (frame-ancestors and X-Frame-Options, see pageHelmet).
    frameguard: false,
    // Media, the captcha widget and the JWKS are meant for shops on other origins too.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    strictTransportSecurity: options.https ? HSTS : false,
  });
}

/** The helmet options of a page: the baseline plus the page's CSP, framing rule and referrer policy. */
function pageHelmet(page: PageHeaders): HelmetOptions {
  const framedBy = page.framedBy?.length ? page.framedBy : undefined;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...page.directives, 'frame-ancestors': framedBy ?? ["'none'"] },
    },
    // X-Frame-Options cannot name another origin: framed pages rely on frame-ancestors alone.
    frameguard: framedBy ? false : { action: 'deny' },
    referrerPolicy: { policy: page.referrer ?? 'no-referrer' },
  };
}

/**
 * Sets a page's headers on the raw response (helmet writes there), so they are sent also when the
 * route hijacks the reply and writes to the socket itself (the storefront).
 */
export function applyPageHeaders(reply: FastifyReply, page: PageHeaders): void {
  reply.helmet(pageHelmet(page));
}
