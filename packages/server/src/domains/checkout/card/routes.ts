/**
 * Card payments on the hosted checkout (issue #20): the pay step with Stripe's Payment Element
 * (`GET /checkout/:id/pay`), the page Stripe sends the buyer back to, where the order is placed
 * (`GET /checkout/:id/card-return`), and Stripe's webhook (`POST /payments/stripe/webhook`), which
 * places it when the buyer never came back. The checkout id is the capability, as on the checkout page.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderCardPaymentPage } from '../../../pages/card-payment-page.js';
import { DomainError } from '../../../platform/errors.js';
import { newNonce, sendPage } from '../../../platform/http/page-reply.js';
import { formatMoney } from '../../../platform/money/money.js';
import type { HostedCheckout } from '../hosted-checkout.js';
import type { PriceFormat } from '../order-view.js';
import type { CheckoutCallbacks } from '../pages/back-links.js';
import {
  CHECKOUT_NOT_FOUND_PAGE,
  type CheckoutPageErrorDeps,
  type ErrorPageLink,
  findOrUndefined,
  installCheckoutPageErrors,
  sendErrorPage,
} from '../pages/page-errors.js';
import { afterPlacement } from '../pages/routes.js';
import { summaryOfQuote } from '../pages/view.js';
import { stripePageOrigins } from './page-origins.js';
import type { CardPayments, Settlement } from './service.js';
import { isStripeError, stripeErrorEvidence } from './stripe-gateway.js';

export interface CardRoutesDeps extends CheckoutPageErrorDeps {
  card: Pick<CardPayments, 'payStep' | 'settleReturn' | 'receive'>;
  checkouts: Pick<HostedCheckout, 'find'>;
  session(sessionId: string, checkoutId: string): Promise<CheckoutCallbacks | undefined>;
  stripe: { jsUrl: string; apiBaseUrl: string };
  price: PriceFormat;
  publicUrl: string;
}

const SECRET_ID = { secretPathParams: ['checkoutId'] };
const page = (summary: string) => ({ tags: ['hosted pages'], summary, produces: ['text/html'] });
const Params = z.object({ checkoutId: z.string().max(200) });
const PayQuery = z.object({
  session: z.string().max(200).optional(),
  /** the fingerprint of the totals the checkout page showed */
  totals: z.string().max(100),
});
/** What Stripe appends to the return URL (`redirect_status` is the browser's word only: the server asks Stripe). */
const ReturnQuery = z.object({
  session: z.string().max(200).optional(),
  payment_intent: z.string().min(1).max(255),
  payment_intent_client_secret: z.string().max(500).optional(),
  redirect_status: z.string().max(50).optional(),
});
const WebhookHeaders = z.object({ 'stripe-signature': z.string().min(1).max(4096) });
const WebhookAnswer = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** Registers the pay step and the return page (hosted pages). */
export async function cardPaymentRoutes(app: FastifyInstance, deps: CardRoutesDeps): Promise<void> {
  const router = app.withTypeProvider<ZodTypeProvider>();
  const origins = stripePageOrigins(deps.stripe);
  const path = (id: string, tail: string, query: Record<string, string | undefined>) => {
    const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
    return `${deps.publicUrl}/checkout/${encodeURIComponent(id)}${tail}${params.size ? `?${params}` : ''}`;
  };

  installCheckoutPageErrors(app, deps);
  const errorPage = (reply: FastifyReply, status: number, title: string, message: string, link?: ErrorPageLink) =>
    sendErrorPage(reply, deps.shopName, { status, title, message, link });

  /** What the buyer reads when Stripe does not answer: before paying, and back from paying (the money may be taken). */
  const UNAVAILABLE = {
    pay: {
      title: 'Card payments are unavailable right now',
      message: 'Nothing was charged. Please try again in a moment, or go back and choose another payment method.',
    },
    return: {
      title: 'We could not confirm your payment yet',
      message: 'Reload this page in a moment. If Stripe took your payment, your order is placed as soon as Stripe confirms it.',
    },
  };

  /** Stripe did not answer (down, unreachable, refused our key): the buyer may try again, the log keeps Stripe's error. */
  function stripeUnavailable(request: FastifyRequest, reply: FastifyReply, error: unknown, step: keyof typeof UNAVAILABLE) {
    if (!isStripeError(error)) throw error;
    request.log.error(stripeErrorEvidence(error), 'Stripe call failed');
    const { checkoutId } = request.params as { checkoutId: string };
    const { session } = request.query as { session?: string };
    const back = { href: path(checkoutId, '', { session, payment: 'card' }), label: 'Back to checkout' };
    return errorPage(reply, 503, UNAVAILABLE[step].title, UNAVAILABLE[step].message, back);
  }

  router.get(
    '/checkout/:checkoutId/pay',
    { config: SECRET_ID, schema: { ...page('Pay by card (Stripe Payment Element)'), params: Params, querystring: PayQuery } },
    async (request, reply) => {
      const { checkoutId } = request.params;
      const { session, totals } = request.query;
      const checkout = await findOrUndefined(deps.checkouts, checkoutId);
      if (!checkout) return sendErrorPage(reply, deps.shopName, CHECKOUT_NOT_FOUND_PAGE);
      if (checkout.status === 'COMPLETED') return reply.redirect(path(checkoutId, '/complete', { session }), 303);
      let step: Awaited<ReturnType<CardPayments['payStep']>>;
      try {
        step = await deps.card.payStep(checkoutId, totals, request.log);
      } catch (error) {
        if (!(error instanceof DomainError)) return stripeUnavailable(request, reply, error, 'pay');
        if (error.code === 'CARD_PAYMENTS_OFF')
          return errorPage(reply, 404, 'Card payments are not available', 'Go back to the checkout and choose another payment method.');
        // The checkout changed since its page (or misses details): it shows why, and nothing was charged.
        const changed = error.code === 'TOTALS_CHANGED' ? { changedFrom: '' } : { updated: '1' };
        return reply.redirect(path(checkoutId, '', { session, payment: 'card', ...changed }), 303);
      }
      const nonce = newNonce();
      const html = renderCardPaymentPage({
        shopName: await deps.shopName(),
        nonce,
        stripeJsUrl: deps.stripe.jsUrl,
        publishableKey: step.publishableKey,
        clientSecret: step.clientSecret,
        returnUrl: path(checkoutId, '/card-return', { session }),
        backUrl: path(checkoutId, '', { session, payment: 'card' }),
        total: deps.price(step.quote.totals.summary.total, step.quote.totals.currency).formattedAmount,
        summary: summaryOfQuote(step.quote, deps.price),
        error: step.failure,
      });
      return sendPage(reply, html, nonce, { inlineScript: true, cardPayment: origins });
    },
  );

  router.get(
    '/checkout/:checkoutId/card-return',
    { config: SECRET_ID, schema: { ...page('Back from the card payment: the order is placed'), params: Params, querystring: ReturnQuery } },
    async (request, reply) => {
      const { checkoutId } = request.params;
      const { session, payment_intent } = request.query;
      let returned: { settlement: Settlement; fingerprint: string };
      try {
        returned = await deps.card.settleReturn(checkoutId, payment_intent, request.log);
      } catch (error) {
        if (error instanceof DomainError && error.code === 'PAYMENT_NOT_FOR_CHECKOUT')
          return errorPage(reply, 400, 'Payment not found', 'This payment does not belong to this checkout.');
        return stripeUnavailable(request, reply, error, 'return');
      }
      const { settlement, fingerprint } = returned;
      if (settlement.outcome === 'placed') {
        const callbacks = (session && (await deps.session(session, checkoutId))) || {};
        return reply.redirect(afterPlacement(callbacks, settlement.order, path(checkoutId, '/complete', { session })), 303);
      }
      if (settlement.outcome === 'refunded') {
        const amount = formatMoney(settlement.amount, settlement.currency);
        const why =
          settlement.cause instanceof DomainError
            ? (settlement.cause.description ?? deps.errors[settlement.cause.code]?.description)
            : undefined;
        return errorPage(
          reply,
          409,
          'Your order could not be placed',
          `${(why ?? 'Your checkout is incomplete').replace(/\.?$/, '.')} Your card payment of ${amount} has been refunded in full.`,
          { href: path(checkoutId, '', { session }), label: 'Back to checkout' },
        );
      }
      // Refused or still waiting for the buyer: the pay step again, with Stripe's reason when there is one.
      return reply.redirect(path(checkoutId, '/pay', { session, totals: fingerprint }), 303);
    },
  );
}

/**
 * Registers Stripe's webhook in its own scope, where JSON bodies stay raw bytes: the signature
 * signs exactly the bytes Stripe sent.
 */
export async function stripeWebhookRoute(app: FastifyInstance, deps: Pick<CardRoutesDeps, 'card'>): Promise<void> {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.withTypeProvider<ZodTypeProvider>().post(
    '/payments/stripe/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook: payment_intent.succeeded, .processing, .payment_failed',
        headers: WebhookHeaders,
        response: { 200: WebhookAnswer },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from(String(request.body ?? ''));
      const { duplicate } = await deps.card.receive(body, request.headers['stripe-signature'], request.log);
      return { received: true as const, duplicate };
    },
  );
}
