/**
 * The hosted checkout page (issue #5 "Checkout and orders"), where the ecomCheckout redirect session
 * sends the buyer: `GET /checkout/:id?session=…` shows it, `POST /checkout/:id` saves the details and
 * shows the shipping options and totals for them, `POST /checkout/:id/place` places the order and
 * redirects to the session's thank-you page (or shows `GET /checkout/:id/complete`). Works without
 * JavaScript: every step is a form post answered with the page again, errors next to their fields.
 * The checkout id (random, unguessable) is what grants access, as the redirect session's URL does.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CheckoutField } from '../../../pages/checkout-page.js';
import { renderCheckoutPage } from '../../../pages/checkout-page.js';
import { renderOrderConfirmationPage } from '../../../pages/order-confirmation-page.js';
import { DomainError, type ErrorTable, ValidationFailure } from '../../../platform/errors.js';
import { newNonce, sendPage } from '../../../platform/http/page-reply.js';
import { checkCsrf, csrfToken } from '../../oauth/pages/csrf.js';
import type { ShopProfile } from '../../settings/shop-profile.js';
import type { CardPayments } from '../card/service.js';
import type { CheckoutCoupons } from '../checkout-coupon.js';
import type { CheckoutPageQuote, CheckoutView, HostedCheckout } from '../hosted-checkout.js';
import { deliveryText } from '../mails.js';
import type { PriceFormat } from '../order-view.js';
import type { OrderPlacement } from '../placement.js';
import { totalsFingerprint } from '../totals-fingerprint.js';
import { backLinks, type CheckoutCallbacks } from './back-links.js';
import { type CouponRefusal, changeCoupon, couponFieldOf } from './coupon-field.js';
import { CheckoutForm, CheckoutPageParams, CheckoutPageQuery, type ReadForm, readForm, valuesOf } from './form.js';
import {
  CHECKOUT_NOT_FOUND_PAGE,
  type CheckoutPageErrorDeps,
  findOrUndefined,
  installCheckoutPageErrors,
  sendErrorPage,
} from './page-errors.js';
import { paymentViewOf } from './status-view.js';
import { optionCodeOf, shippingChoices, summaryOfOrder, summaryOfQuote } from './view.js';

export interface CheckoutPageDeps extends CheckoutPageErrorDeps {
  checkouts: Pick<HostedCheckout, 'find' | 'show' | 'save' | 'quote'>;
  /** the coupon field's apply and remove (issue #19) */
  coupons: Pick<CheckoutCoupons, 'apply' | 'remove'>;
  placement: Pick<OrderPlacement, 'place' | 'order' | 'check'>;
  /** The ecomCheckout redirect session of this checkout, if `session` names one. */
  session(sessionId: string, checkoutId: string): Promise<CheckoutCallbacks | undefined>;
  price: PriceFormat;
  publicUrl: string;
  /** the public URL of the storefront this server mounts, if it mounts one (the links back fall back to it) */
  storefrontUrl?: string;
  /** the shop's time zone (the page's dates), contact e-mail and address (the confirmation's footer) now */
  shop: () => Promise<ShopProfile>;
  /** the order's signed status page (`OrderStatusLinks.orderStatusUrl`) */
  statusUrl(order: { id: string }): string;
  /** card payments: a checkout ordered offline cancels the PaymentIntents of its earlier pay steps */
  card: Pick<CardPayments, 'orderedOtherwise'>;
}

/** The checkout id in these paths is the capability to the buyer's checkout: the request log hides it. */
const SECRET_ID = { secretPathParams: ['checkoutId'] };
const LIMITED = { config: { rateLimit: {}, ...SECRET_ID } };
const page = (summary: string) => ({ tags: ['hosted pages'], summary, produces: ['text/html'] });

/** A form problem: the summary line and the field errors. */
interface Problem {
  error?: string;
  fieldErrors?: Partial<Record<CheckoutField, string>>;
  /** a coupon code refused, shown next to the coupon field */
  coupon?: CouponRefusal;
  status: number;
}

/** A service failure as the form shows it (statuses and words from the error table). */
function problemOf(error: unknown, errors: ErrorTable): Problem {
  if (error instanceof ValidationFailure) {
    const fieldErrors: Partial<Record<CheckoutField, string>> = {};
    for (const violation of error.violations) fieldErrors[violation.field.split('.').pop() as CheckoutField] = violation.description;
    return { error: 'Please correct the marked fields.', fieldErrors, status: 400 };
  }
  if (error instanceof DomainError) {
    const spec = errors[error.code];
    const fieldErrors: Partial<Record<CheckoutField, string>> =
      error.code === 'SHIPPING_OPTION_NOT_AVAILABLE' ? { shippingOption: 'Choose one of the options for this address' } : {};
    return {
      error: error.description ?? spec?.description ?? 'Something went wrong; please try again.',
      fieldErrors,
      status: spec?.status ?? 400,
    };
  }
  throw error;
}

const needsShipping = (checkout: CheckoutView) => checkout.lines.some((line) => line.shippable);

/** Registers the hosted checkout pages. */
export async function checkoutPageRoutes(app: FastifyInstance, deps: CheckoutPageDeps): Promise<void> {
  const router = app.withTypeProvider<ZodTypeProvider>();
  const secure = deps.publicUrl.startsWith('https:');

  const base = (id: string, session: string | undefined) => {
    const sessionQuery = session ? `?session=${encodeURIComponent(session)}` : '';
    return {
      page: `/checkout/${encodeURIComponent(id)}${sessionQuery}`,
      place: `/checkout/${encodeURIComponent(id)}/place`,
      complete: `/checkout/${encodeURIComponent(id)}/complete${sessionQuery}`,
    };
  };

  installCheckoutPageErrors(app, deps);
  const notFound = (reply: FastifyReply) => sendErrorPage(reply, deps.shopName, CHECKOUT_NOT_FOUND_PAGE);

  /** The session's callbacks, when the session belongs to this checkout. */
  async function callbacksOf(session: string | undefined, checkoutId: string): Promise<CheckoutCallbacks> {
    return (session && (await deps.session(session, checkoutId))) || {};
  }

  /** Origins the place form may end up at after its 303 (browsers apply form-action to the redirect). */
  function formTargets(callbacks: CheckoutCallbacks): string[] {
    return [callbacks.thankYouPageUrl, callbacks.postFlowUrl].flatMap((url) => (url && URL.canParse(url) ? [new URL(url).origin] : []));
  }

  /** Where a placed order leads: the session's thank-you page or post-flow URL, else our confirmation. */
  async function thanks(checkoutId: string, session: string | undefined, order: { id: string; number: string }): Promise<string> {
    return afterPlacement(await callbacksOf(session, checkoutId), order, `${deps.publicUrl}${base(checkoutId, session).complete}`);
  }

  async function showCheckout(
    request: FastifyRequest,
    reply: FastifyReply,
    quote: CheckoutPageQuote,
    session: string | undefined,
    options: { values?: ReadForm['values']; problem?: Problem; notice?: string } = {},
  ) {
    const nonce = newNonce();
    const { checkout } = quote;
    const urls = base(checkout.id, session);
    const values = { ...(options.values ?? valuesOf(checkout)) };
    const selected = quote.totals.shipping?.selected?.code;
    if (selected) {
      values.shippingOption = optionCodeOf(selected);
      values.timeSlot = selected.includes('@') ? selected : undefined;
    }
    if (values.paymentMethod && !quote.payments.some((provider) => provider.id === values.paymentMethod)) values.paymentMethod = undefined;
    const notices = [
      quote.cartChanged ? 'Your cart changed: this checkout now shows it.' : undefined,
      options.notice,
      quote.droppedCoupon ? 'The coupon on your cart can no longer be used, so its discount is not included.' : undefined,
    ];
    const callbacks = await callbacksOf(session, checkout.id);
    const html = renderCheckoutPage({
      shopName: await deps.shopName(),
      nonce,
      action: urls.place,
      updateAction: urls.page,
      hidden: { csrf: csrfToken(request, reply, secure), ...(session ? { session } : {}) },
      // What "Place order" may charge: exactly the totals on this page.
      shownTotals: totalsFingerprint(quote.totals),
      shownTotal: String(quote.totals.summary.total),
      values,
      needsShipping: needsShipping(checkout),
      shippingOptions: shippingChoices(quote.totals, deps.price, (await deps.shop()).timeZone),
      payments: quote.payments.map((provider) => ({
        id: provider.id,
        title: provider.title,
        instructions: provider.instructions(previewOrder(quote, deps.price)),
      })),
      summary: summaryOfQuote(quote, deps.price),
      coupon: couponFieldOf(quote, deps.price, options.problem?.coupon),
      notice: notices.filter(Boolean).join(' ') || undefined,
      error: options.problem?.error,
      fieldErrors: options.problem?.fieldErrors,
      backLinks: backLinks(callbacks, deps.storefrontUrl),
    });
    // The page's one inline script asks for totals as the buyer types (pages/checkout-live-totals.ts).
    const policy = { inlineScript: true, callsSelf: true, formTargets: formTargets(callbacks) };
    return sendPage(reply, html, nonce, policy, options.problem?.status ?? 200);
  }

  router.get(
    '/checkout/:checkoutId',
    { config: SECRET_ID, schema: { ...page('The hosted checkout page'), params: CheckoutPageParams, querystring: CheckoutPageQuery } },
    async (request, reply) => {
      const { checkoutId } = request.params;
      const shown = await findOrUndefined({ find: (id) => deps.checkouts.show(id) }, checkoutId);
      if (!shown) return notFound(reply);
      const { session, updated, changedFrom, payment, cartChanged, coupon } = request.query;
      const { checkout, quote: fresh } = shown;
      if (!fresh) return reply.redirect(`${deps.publicUrl}${base(checkoutId, session).complete}`, 303);
      const quote = { ...fresh, cartChanged: fresh.cartChanged || cartChanged === '1' };
      const notice =
        changedFrom !== undefined
          ? totalsChangedNotice(quote, changedFrom, deps.price)
          : updated && !coupon && quote.totals.shipping
            ? 'Shipping options and totals are updated for your address.'
            : undefined;
      return showCheckout(request, reply, quote, session, { values: { ...valuesOf(checkout), paymentMethod: payment }, notice });
    },
  );

  /**
   * Post/Redirect/Get: after a post that saved the details, the page is fetched again, so Back and
   * reload never post twice. What the saved checkout does not hold travels in the query: that it was
   * updated, the total the page had shown when the total changed, the chosen payment method.
   */
  function showSaved(reply: FastifyReply, checkoutId: string, session: string | undefined, after: PageAfterPost) {
    const query = new URLSearchParams(session ? { session } : {});
    if (after.changedFrom !== undefined) query.set('changedFrom', after.changedFrom);
    else if (after.coupon) query.set('coupon', after.coupon);
    else query.set('updated', '1');
    if (after.payment) query.set('payment', after.payment);
    if (after.cartChanged) query.set('cartChanged', '1');
    return reply.redirect(`${deps.publicUrl}/checkout/${encodeURIComponent(checkoutId)}?${query}`, 303);
  }

  /** Saves the posted details and answers the quote for them, or the page with the form's errors. */
  async function saveForm(request: FastifyRequest, reply: FastifyReply, checkoutId: string, body: CheckoutForm, forPlacement: boolean) {
    const session = body.session || undefined;
    const checkout = await findOrUndefined(deps.checkouts, checkoutId);
    if (!checkout) return { done: await notFound(reply) };
    if (checkout.status === 'COMPLETED' && checkout.orderId) {
      // A repeated post (double click, back button): where the first placement led.
      const target = forPlacement ? await thanks(checkoutId, session, await deps.placement.order(checkout.orderId)) : undefined;
      return { done: reply.redirect(target ?? `${deps.publicUrl}${base(checkoutId, session).complete}`, 303) };
    }
    const form = readForm(body, { forPlacement, needsShipping: needsShipping(checkout) });
    try {
      checkCsrf(request, body.csrf);
    } catch (error) {
      return {
        done: await showCheckout(request, reply, await deps.checkouts.quote(checkoutId), session, {
          values: form.values,
          problem: problemOf(error, deps.errors),
        }),
      };
    }
    const quote = await deps.checkouts.save(checkoutId, form.details);
    if (Object.keys(form.fieldErrors).length > 0) {
      const problem = { error: 'Please correct the marked fields.', fieldErrors: form.fieldErrors, status: 400 };
      return { done: await showCheckout(request, reply, quote, session, { values: form.values, problem }) };
    }
    return { quote, form, session };
  }

  /** Applies or removes the coupon as the form asks (issue #19): what changed, or the page with the code's refusal. */
  async function couponStep(
    request: FastifyRequest,
    reply: FastifyReply,
    checkoutId: string,
    body: CheckoutForm,
    saved: { form: ReadForm; session: string | undefined },
  ) {
    const coupon = await changeCoupon(deps.coupons, checkoutId, body, (await deps.shop()).timeZone, deps.errors);
    if (!coupon || !('refused' in coupon)) return { changed: coupon?.changed };
    // The page itself exists: an unknown code is a refused field (422), not a missing page (the API's 404).
    const status = coupon.refused.status === 404 ? 422 : coupon.refused.status;
    const problem = { coupon: coupon.refused, status };
    const quote = await deps.checkouts.quote(checkoutId);
    return { done: await showCheckout(request, reply, quote, saved.session, { values: saved.form.values, problem }) };
  }

  router.post(
    '/checkout/:checkoutId',
    {
      ...LIMITED,
      schema: { ...page('Save the checkout details; show shipping options and totals'), params: CheckoutPageParams, body: CheckoutForm },
    },
    async (request, reply) => {
      const saved = await saveForm(request, reply, request.params.checkoutId, request.body, false);
      if ('done' in saved) return saved.done;
      const coupon = await couponStep(request, reply, request.params.checkoutId, request.body, saved);
      if ('done' in coupon) return coupon.done;
      return showSaved(reply, request.params.checkoutId, saved.session, {
        payment: saved.form.paymentMethod,
        cartChanged: saved.quote.cartChanged,
        coupon: coupon.changed,
      });
    },
  );

  router.post(
    '/checkout/:checkoutId/place',
    { ...LIMITED, schema: { ...page('Place the order'), params: CheckoutPageParams, body: CheckoutForm } },
    async (request, reply) => {
      const { checkoutId } = request.params;
      const saved = await saveForm(request, reply, checkoutId, request.body, true);
      if ('done' in saved) return saved.done;
      if (request.body.couponCode?.trim()) {
        // A code typed but not applied: applied (or refused) first, and the page shown again, nothing placed.
        const coupon = await couponStep(request, reply, checkoutId, request.body, saved);
        if ('done' in coupon) return coupon.done;
        const changedFrom = request.body.shownTotal ?? '';
        return showSaved(reply, checkoutId, saved.session, {
          changedFrom,
          payment: saved.form.paymentMethod,
          cartChanged: saved.quote.cartChanged,
        });
      }
      try {
        // A page without the fingerprint (one rendered before it existed) is shown again, never charged blind.
        const shownTotals = request.body.shownTotals ?? '';
        // A method paid before placement (card) takes the buyer to its pay step once the checkout could be placed.
        const provider = saved.quote.payments.find((provider) => provider.id === saved.form.paymentMethod);
        if (provider?.payStep) {
          await deps.placement.check(checkoutId, provider.id, { shownTotals });
          return reply.redirect(`${deps.publicUrl}${provider.payStep(checkoutId, { session: saved.session, shownTotals })}`, 303);
        }
        const { order } = await deps.placement.place(checkoutId, saved.form.paymentMethod ?? '', { shownTotals });
        await deps.card.orderedOtherwise(checkoutId, request.log);
        return reply.redirect(await thanks(checkoutId, saved.session, order), 303);
      } catch (error) {
        if (error instanceof DomainError && error.code === 'TOTALS_CHANGED') {
          const changedFrom = request.body.shownTotal ?? '';
          const cartChanged = saved.quote.cartChanged || error.data?.cartChanged === true;
          return showSaved(reply, checkoutId, saved.session, { changedFrom, payment: saved.form.paymentMethod, cartChanged });
        }
        // The cart may have changed when the details were saved (the quote that took its lines again).
        const now = await deps.checkouts.quote(checkoutId);
        const quote = { ...now, cartChanged: now.cartChanged || saved.quote.cartChanged };
        return showCheckout(request, reply, quote, saved.session, { values: saved.form.values, problem: problemOf(error, deps.errors) });
      }
    },
  );

  router.get(
    '/checkout/:checkoutId/complete',
    { config: SECRET_ID, schema: { ...page('The order confirmation'), params: CheckoutPageParams, querystring: CheckoutPageQuery } },
    async (request, reply) => {
      const { checkoutId } = request.params;
      const checkout = await findOrUndefined(deps.checkouts, checkoutId);
      if (!checkout) return sendErrorPage(reply, deps.shopName, { ...CHECKOUT_NOT_FOUND_PAGE, message: 'This checkout does not exist.' });
      if (checkout.status !== 'COMPLETED' || !checkout.orderId)
        return reply.redirect(`${deps.publicUrl}${base(checkoutId, request.query.session).page}`, 303);
      const order = await deps.placement.order(checkout.orderId);
      const callbacks = await callbacksOf(request.query.session, checkoutId);
      const nonce = newNonce();
      const html = renderOrderConfirmationPage({
        shopName: await deps.shopName(),
        nonce,
        number: order.number,
        email: order.buyerInfo.email,
        // The page stays reachable after placement: once paid, shipped or cancelled it asks for nothing.
        payment: paymentViewOf(order),
        statusUrl: deps.statusUrl(order),
        delivery: deliveryText(order),
        summary: summaryOfOrder(order),
        continueUrl: backLinks(callbacks, deps.storefrontUrl).shopUrl,
        contact: await deps.shop(),
      });
      return sendPage(reply, html, nonce);
    },
  );
}

/** The session's thank-you page with the order appended, else its post-flow URL, else our confirmation. */
export function afterPlacement(callbacks: CheckoutCallbacks, order: { id: string; number: string }, complete: string): string {
  if (callbacks.thankYouPageUrl) {
    const url = new URL(callbacks.thankYouPageUrl);
    url.searchParams.set('orderId', order.id);
    url.searchParams.set('orderNumber', order.number);
    return url.toString();
  }
  return callbacks.postFlowUrl ?? complete;
}

/** What a post leads to when it saved the details: the page again, told why. */
interface PageAfterPost {
  /** the total (minor units) the page had shown when placement found another one; '' when the page showed none */
  changedFrom?: string;
  payment?: string;
  /** the checkout took its cart's lines again (the cart had changed) */
  cartChanged?: boolean;
  /** the coupon field applied or removed the coupon */
  coupon?: 'applied' | 'removed';
}

/** The sentence that says the total changed before the order was placed: the new total, the old one, and that nothing was charged. */
function totalsChangedNotice(quote: CheckoutPageQuote, shownTotal: string, price: PriceFormat): string {
  const now = price(quote.totals.summary.total, quote.totals.currency).formattedAmount;
  const before = /^\d{1,18}$/.test(shownTotal) ? price(BigInt(shownTotal), quote.totals.currency).formattedAmount : undefined;
  const shipping = quote.totals.shipping?.selected;
  const changed =
    before === undefined || before !== now
      ? `Your total is now ${now}${before ? ` (this page showed ${before})` : ''}`
      : `Your order changed`;
  const why = shipping ? ` with ${shipping.title}` : '';
  return `${changed}${why}. Nothing was charged: check your order below and place it again.`;
}

/** What the payment instructions show before the order exists (its number is given at placement). */
function previewOrder(quote: CheckoutPageQuote, price: PriceFormat) {
  const total = price(quote.totals.summary.total, quote.totals.currency);
  return {
    total: total.amount,
    formattedTotal: total.formattedAmount,
    currency: quote.totals.currency,
    pickup: quote.pickup,
  };
}
