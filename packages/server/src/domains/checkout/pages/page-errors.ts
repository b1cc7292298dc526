/**
 * How the hosted checkout's pages (the checkout page, the card pay step) answer a failure. Only an
 * unknown checkout is "Checkout not found" (404): a failure that says nothing about the checkout's
 * existence (the database down, another domain's refusal) must not pretend it does not exist, which
 * would hide an outage from the buyer and from whoever reads the logs.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderErrorPage } from '../../../pages/render.js';
import { DomainError, type ErrorTable, ValidationFailure } from '../../../platform/errors.js';
import { newNonce, sendPage } from '../../../platform/http/page-reply.js';
import { RequestValidationError } from '../../../platform/wire-errors.js';
import { CheckoutErrors } from '../errors.js';

export interface CheckoutPageErrorDeps {
  /** every domain's error codes: status and words of a refusal the page did not handle itself */
  errors: ErrorTable;
  /** the shop's name now (its settings) */
  shopName: () => Promise<string>;
}

/** A link the error page offers (back to the checkout, to the shop). */
export interface ErrorPageLink {
  href: string;
  label: string;
}

/** Sends the hosted error page with this status, title and message. */
export async function sendErrorPage(
  reply: FastifyReply,
  shopName: () => Promise<string>,
  page: { status: number; title: string; message: string; link?: ErrorPageLink },
): Promise<FastifyReply> {
  const nonce = newNonce();
  const html = renderErrorPage({ shopName: await shopName(), nonce, title: page.title, message: page.message, link: page.link });
  return sendPage(reply, html, nonce, {}, page.status);
}

/** The page of a checkout id that names no checkout. */
export const CHECKOUT_NOT_FOUND_PAGE = {
  status: 404,
  title: 'Checkout not found',
  message: 'This checkout does not exist. Go back to the shop and check out again.',
};

/**
 * The checkout with this id, or undefined when there is none.
 * @throws whatever else `find` throws (a database failure is not a missing checkout)
 */
export async function findOrUndefined<T>(checkouts: { find(id: string): Promise<T> }, checkoutId: string): Promise<T | undefined> {
  try {
    return await checkouts.find(checkoutId);
  } catch (error) {
    if (error instanceof DomainError && error.code === CheckoutErrors.CHECKOUT_NOT_FOUND) return undefined;
    throw error;
  }
}

/**
 * Answers the failures the checkout pages do not handle themselves as pages: a domain error with its
 * status and description from the error table, anything else as a 500 naming the request id, logged
 * with the error itself. Malformed requests keep the app's wire answers (the parent handler).
 */
export function installCheckoutPageErrors(app: FastifyInstance, deps: CheckoutPageErrorDeps): void {
  app.setErrorHandler(async (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof RequestValidationError || err instanceof ValidationFailure) throw err;
    const spec = err instanceof DomainError ? deps.errors[err.code] : undefined;
    if (err instanceof DomainError && spec) {
      request.log.warn({ err }, 'hosted checkout page refused');
      return sendErrorPage(reply, deps.shopName, {
        status: spec.status,
        title: spec.message,
        message: err.description ?? spec.description,
      });
    }
    if (!(err instanceof DomainError) && err.statusCode !== undefined && err.statusCode < 500) throw err;
    request.log.error({ err }, 'hosted checkout page failed');
    return sendErrorPage(reply, deps.shopName, {
      status: 500,
      title: 'Something went wrong',
      message: `This page could not be shown because of a fault on our side. Please try again in a moment (reference ${request.id}).`,
    });
  });
}
