import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** Extra CSP sources a page needs (web_message frames, form targets, the captcha widget). */
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
}

/** A fresh CSP nonce for one page. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Sends a hosted page: HTML, strict CSP with the page's nonce, no referrer (tokens travel in URLs),
 * never cached, never framed unless the policy names who may.
 */
export function sendPage(reply: FastifyReply, html: string, nonce: string, policy: PagePolicy = {}, status = 200): FastifyReply {
  const scripts = [policy.inlineScript ? `'nonce-${nonce}'` : '', policy.captcha ? "'self'" : ''].filter(Boolean).join(' ') || "'none'";
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'${policy.captcha ? " 'self' 'unsafe-hashes'" : ''}`,
    `script-src ${scripts}`,
    policy.captcha ? "worker-src 'self' blob:" : '',
    policy.captcha || policy.callsSelf ? "connect-src 'self'" : '',
    "img-src 'self' data:",
    `form-action 'self'${policy.formTargets?.length ? ` ${policy.formTargets.join(' ')}` : ''}`,
    `frame-ancestors ${policy.frameAncestors?.length ? policy.frameAncestors.join(' ') : "'none'"}`,
    "base-uri 'none'",
  ]
    .filter(Boolean)
    .join('; ');
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', csp)
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(html);
}
