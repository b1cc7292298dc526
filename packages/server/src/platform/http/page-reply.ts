import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { hostedPage, type PagePolicy } from './page-policies.js';
import { applyPageHeaders } from './security-headers.js';

/** A fresh CSP nonce for one page. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Sends a hosted page: HTML with its headers (strict CSP with the page's nonce, no referrer, never
 * framed unless the policy names who may: page-policies.ts `hostedPage`), never cached.
 */
export function sendPage(reply: FastifyReply, html: string, nonce: string, policy: PagePolicy = {}, status = 200): FastifyReply {
  applyPageHeaders(reply, hostedPage(nonce, policy));
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}
