/** Builds the checkout domain's services from what the composition root already has (`services.ts`). */
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/schema.js';
import { MailSender, type SentMail } from '../../platform/mail/mail-sender.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { CartForCheckoutPort } from '../cart/checkout-port.js';
import type { PricingPort } from '../cart/pricing-port.js';
import { multiCurrencyPrice } from '../cart/totals/wire.js';
import { StockReservations } from '../catalog/stock.js';
import type { EventPublisher } from '../events/publisher.js';
import { senderOf } from '../settings/mail-sender.js';
import type { ShopSettingsService } from '../settings/service.js';
import { shopProfileOf } from '../settings/shop-profile.js';
import { cardProviderFactory } from './card/provider.js';
import { CardPayments } from './card/service.js';
import { shopCardSettings } from './card/settings.js';
import { StripeGateway } from './card/stripe-gateway.js';
import { CheckoutCoupons } from './checkout-coupon.js';
import { GuestOrders } from './guest-orders.js';
import { HostedCheckout } from './hosted-checkout.js';
import { type MemberLookup, MemberPrefill } from './member-prefill.js';
import { OrderActions } from './order-actions.js';
import { recordOrderActivity, SYSTEM } from './order-activity.js';
import { OrderMailComposer, OrderMails } from './order-mails.js';
import { OrderStatusLinks } from './order-status-links.js';
import { OrderTimeline } from './order-timeline.js';
import type { PriceFormat } from './order-view.js';
import { OrderReadService } from './orders-service.js';
import { PaymentProviderSource } from './payments.js';
import { OrderPlacement } from './placement.js';
import { CheckoutService } from './service.js';
import { CheckoutPricing } from './totals.js';

export interface CheckoutServices {
  /** create-checkout, the hosted page's details and quotes */
  checkout: CheckoutService;
  /** the coupon of an open checkout and its cart (the hosted page's coupon field) */
  coupons: CheckoutCoupons;
  /** order placement (stock, coupon, order, cart, events, confirmation mail) */
  placement: OrderPlacement;
  /** the orders read API */
  orders: OrderReadService;
  /** the merchant's order actions (mark as paid, fulfil, cancel) */
  actions: OrderActions;
  /** wire prices in the shop and display currencies */
  price: PriceFormat;
  /** a member's checkout filled in with their details on the hosted page's first showing */
  memberPrefill: MemberPrefill;
  /** what the hosted checkout pages read and save, as views */
  hosted: HostedCheckout;
  /** the signed order-status links the e-mails carry (`init()` at start) */
  links: OrderStatusLinks;
  /** the orders' timelines and the merchant's notes */
  timeline: OrderTimeline;
  /** guest orders given to the member who proves their e-mail */
  guestOrders: GuestOrders;
  /** the buyer's mails about orders (queued in the outbox), their renderer and the outbox's sender */
  mailing: OrderMailing;
  /** the shop's payment providers as its settings are now (a card order's refund: `(await payments.providers()).find('card')?.refund`) */
  payments: PaymentProviderSource;
  /** card payments through Stripe (the pay step, the return from Stripe, the webhook) */
  card: CardPayments;
  /** where the pay page loads Stripe.js from, and where Stripe's API is (the page's CSP) */
  stripe: { jsUrl: string; apiBaseUrl: string };
}

/** The buyer's mails: `mails` queues them, `composer` renders them (sends, previews), `sender` delivers and retries. */
interface OrderMailing {
  mails: OrderMails;
  composer: OrderMailComposer;
  sender: MailSender;
}

/** The shop settings the checkout reads: its name, sender, order-number prefix and payment methods. */
type SettingsReader = Pick<ShopSettingsService, 'current'>;

/**
 * The order mails over the outbox. The shop's name, time zone, contact e-mail, address and sender come
 * from its settings (read at each mail), the order's link is its signed order-status page, and each mail sent is an EMAIL_SENT entry
 * of its order's timeline.
 */
function orderMailing(deps: { db: Kysely<Database>; mailer: Mailer; links: OrderStatusLinks; settings: SettingsReader }): OrderMailing {
  const from = senderOf(deps.settings);
  const composer = new OrderMailComposer({
    current: async () => ({ ...shopProfileOf(await deps.settings.current()), from: await from() }),
  });
  const onSent = (mail: SentMail) =>
    mail.subjectId
      ? recordOrderActivity(deps.db, { orderId: mail.subjectId, kind: 'EMAIL_SENT', who: SYSTEM, detail: { subject: mail.subject } }).then(
          () => {},
        )
      : Promise.resolve();
  const sender = new MailSender({ db: deps.db, mailer: deps.mailer, composer, onSent });
  return { mails: new OrderMails({ orderLink: (order) => deps.links.orderStatusUrl(order), sender }), composer, sender };
}

export function createCheckoutServices(deps: {
  db: Kysely<Database>;
  config: Config;
  carts: CartForCheckoutPort;
  pricing: PricingPort;
  events: Pick<EventPublisher, 'publish'>;
  mailer: Mailer;
  /** the members whose checkouts the hosted page fills in (identity) */
  members: MemberLookup;
  settings: SettingsReader;
  /** the shop's payment providers, made from its settings (`shopPaymentProviders`) */
  payments: PaymentProviderSource;
}): CheckoutServices {
  const { db, config, payments } = deps;
  const price: PriceFormat = (minor, currency) => multiCurrencyPrice(minor, currency, config.catalog.display);
  const gateway = new StripeGateway(shopCardSettings(deps.settings), config.stripe.apiBaseUrl);
  const checkout = new CheckoutService({ db, carts: deps.carts, totals: new CheckoutPricing(deps.pricing), payments });
  const stock = new StockReservations({ events: deps.events, view: { publicUrl: config.publicUrl, display: config.catalog.display } });
  const links = new OrderStatusLinks({ db, publicUrl: config.publicUrl });
  const mailing = orderMailing({ ...deps, links });
  const placement = new OrderPlacement({
    db,
    checkouts: checkout,
    carts: deps.carts,
    stock,
    events: deps.events,
    payments,
    price,
    settings: deps.settings,
    mails: mailing.mails,
  });
  const actions = new OrderActions({ db, stock, events: deps.events, price, payments, mails: mailing.mails });
  const card = new CardPayments({ db, gateway, placement, orders: actions });
  const memberPrefill = new MemberPrefill({ db, members: deps.members });
  const orders = new OrderReadService({ db, price, payments });
  const coupons = new CheckoutCoupons({ db, checkouts: checkout, carts: deps.carts, coupons: deps.pricing });
  const timeline = new OrderTimeline({ db });
  const stripe = { jsUrl: config.stripe.jsUrl, apiBaseUrl: config.stripe.apiBaseUrl };
  return {
    checkout,
    coupons,
    placement,
    orders,
    actions,
    price,
    payments,
    card,
    stripe,
    memberPrefill,
    hosted: new HostedCheckout({ checkouts: checkout, prefill: memberPrefill }),
    links,
    timeline,
    guestOrders: new GuestOrders({ db, events: deps.events, price, payments }),
    mailing,
  };
}

/** The shop's payment providers from its settings: card (Stripe) first, then the offline methods. */
export function shopPaymentProviders(settings: SettingsReader, config: Pick<Config, 'stripe'>): PaymentProviderSource {
  return new PaymentProviderSource(settings, [cardProviderFactory(config.stripe.apiBaseUrl)]);
}
