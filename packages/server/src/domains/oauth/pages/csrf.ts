import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, defineErrors } from '../../../platform/errors.js';
import { randomToken, sameSecret } from '../../../platform/secrets.js';

const COOKIE = 'vt_csrf';

export const CsrfErrors = defineErrors({
  CSRF_FAILED: {
    status: 403,
    message: 'Forbidden',
    description: 'The form expired or was not sent from this site; reload the page and try again',
  },
});

/**
 * Double-submit CSRF protection for the hosted forms: a signed, httpOnly, SameSite=Lax cookie holds a
 * random token; every form carries the same token in a hidden field.
 */
export function csrfToken(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = request.cookies[COOKIE] ? request.unsignCookie(request.cookies[COOKIE]) : undefined;
  if (existing?.valid && existing.value) return existing.value;
  const token = randomToken('', 24);
  reply.setCookie(COOKIE, token, { signed: true, httpOnly: true, sameSite: 'lax', secure, path: '/' });
  return token;
}

/** @throws DomainError CSRF_FAILED when the form's token is missing or differs from the cookie's. */
export function checkCsrf(request: FastifyRequest, formToken: string | undefined): void {
  const cookie = request.cookies[COOKIE] ? request.unsignCookie(request.cookies[COOKIE]) : undefined;
  if (!cookie?.valid || !cookie.value || !formToken || !sameSecret(cookie.value, formToken)) throw new DomainError(CsrfErrors.CSRF_FAILED);
}
