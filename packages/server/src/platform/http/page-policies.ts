/**
 * What each kind of page may load, run, frame and post to: data only. `applyPageHeaders`
 * (security-headers.ts) turns one of these into the page's headers.
 */
import type { CspDirectives, PageHeaders } from './security-headers.js';

/** Extra CSP sources a hosted page needs (web_message frames, form targets, the captcha widget). */
export interface PagePolicy {
  /** Origins allowed to frame the page; none by default. */
  frameAncestors?: string[];
  /** Whether the page runs its own nonce'd inline script (the web_message responder only). */
  inlineScript?: boolean;
  /** Whether the ALTCHA widget runs (module script from 'self', workers from blob:). */
  captcha?: boolean;
  /** Whether the page's script calls this origin (the checkout asking for new totals). */
  callsSelf?: boolean;
  /**
   * Origins a form post may end up at: browsers apply form-action to the redirect after the post,
   * so a login form answering with a 303 to the client's redirect URI must name its origin.
   */
  formTargets?: string[];
  /** Stripe.js on the checkout's pay step: its script origin, the frames it opens and the API it calls (`stripePageOrigins`). */
  cardPayment?: { scriptOrigin: string; frameOrigins: string[]; connectOrigins: string[] };
}

/**
 * A hosted page (login, register, verify, recover, checkout, web_message responder, error pages):
 * nothing but its nonce'd styles and what its policy adds; no referrer (tokens travel in URLs).
 */
export function hostedPage(nonce: string, policy: PagePolicy): PageHeaders {
  const card = policy.cardPayment;
  const scripts = [policy.inlineScript ? `'nonce-${nonce}'` : '', policy.captcha ? "'self'" : '', card?.scriptOrigin ?? ''].filter(Boolean);
  const directives: CspDirectives = {
    'default-src': ["'none'"],
    'style-src': [`'nonce-${nonce}'`, ...(policy.captcha ? ["'self'", "'unsafe-hashes'"] : [])],
    'script-src': scripts.length ? scripts : ["'none'"],
    'img-src': ["'self'", 'data:'],
    'form-action': ["'self'", ...(policy.formTargets ?? [])],
    'base-uri': ["'none'"],
  };
  if (policy.captcha) directives['worker-src'] = ["'self'", 'blob:'];
  if (policy.captcha || policy.callsSelf) directives['connect-src'] = ["'self'"];
  if (card) {
    directives['frame-src'] = card.frameOrigins;
    directives['connect-src'] = [...(directives['connect-src'] ?? []), ...card.connectOrigins];
  }
  return { directives, framedBy: policy.frameAncestors };
}

/**
 * The merchant console: its own scripts, styles and calls only (the API is on this origin), product
 * pictures from anywhere a merchant linked them, never framed (it holds merchant tokens). Inline
 * `style` attributes are allowed: the mail previews (a sandboxed `srcdoc` frame, which inherits this
 * policy) are styled by them as mail programs need, and an attribute can only style its own element.
 */
export const CONSOLE_PAGE: PageHeaders = {
  directives: {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'connect-src': ["'self'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  },
};

/**
 * A storefront page: scripts and the inlined style sheet only with this response's nonce (React Router's
 * inline scripts carry it) or from this origin (the hashed bundles); calls, the silent-login frame and
 * forms to this origin and the API's (`apiOrigin`, the public URL, which may be another name for it);
 * product pictures from any origin (catalogues link them from image hosts, as the console allows). Inline `style`
 * attributes stay allowed: the option picker's colour swatches are painted by them, and an attribute can
 * only style its own element, never run script.
 */
export function storefrontPage(nonce: string, apiOrigin: string): PageHeaders {
  const ours = ["'self'", apiOrigin];
  return {
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", `'nonce-${nonce}'`],
      'style-src': ["'self'", `'nonce-${nonce}'`],
      'style-src-attr': ["'unsafe-inline'"],
      'img-src': [...ours, 'data:', 'blob:', 'https:', 'http:'],
      'connect-src': ours,
      'frame-src': ours,
      'form-action': ours,
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
    },
    referrer: 'strict-origin-when-cross-origin',
  };
}
