/** Builds the checkout domain's services from what the composition root already has (`services.ts`). */
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/schema.js';
import { MailSender } from '../../platform/mail/mail-sender.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { CartForCheckoutPort } from '../cart/checkout-port.js';
import type { PricingPort } from '../cart/pricing-port.js';
import { multiCurrencyPrice } from '../cart/totals/wire.js';
import { StockReservations } from '../catalog/stock.js';
import type { EventPublisher } from '../events/publisher.js';
import { OrderActions } from './order-actions.js';
import { OrderMailComposer, OrderMails } from './order-mails.js';
import type { PriceFormat } from './order-view.js';
import { OrderReadService } from './orders-service.js';
import { BankTransferProvider, PaymentProviders, PayOnPickupProvider } from './payments.js';
import { OrderPlacement } from './placement.js';
import { CheckoutService } from './service.js';
import { CheckoutPricing } from './totals.js';

export interface CheckoutServices {
  /** create-checkout, the hosted page's details and quotes */
  checkout: CheckoutService;
  /** order placement (stock, coupon, order, cart, events, confirmation mail) */
  placement: OrderPlacement;
  /** the orders read API */
  orders: OrderReadService;
  /** the merchant's order actions (mark as paid, fulfil, cancel) */
  actions: OrderActions;
  /** wire prices in the shop and display currencies */
  price: PriceFormat;
  /** the buyer's mails about orders (queued in the outbox), their renderer and the outbox's sender */
  mailing: OrderMailing;
}

/** The buyer's mails: `mails` queues them, `composer` renders them (sends, previews), `sender` delivers and retries. */
export interface OrderMailing {
  mails: OrderMails;
  composer: OrderMailComposer;
  sender: MailSender;
}

/**
 * The order mails over the outbox. The shop's name and sender come from the configuration and the
 * order's link is its hosted confirmation page (the checkout's id is the capability to it).
 */
export function orderMailing(d: { db: Kysely<Database>; config: Config; mailer: Mailer }): OrderMailing {
  const { config } = d;
  const composer = new OrderMailComposer({ current: async () => ({ shopName: config.shopName, from: config.mailFrom }) });
  const sender = new MailSender({ db: d.db, mailer: d.mailer, composer });
  const orderLink = (order: { checkoutId: string }) => `${config.publicUrl}/checkout/${encodeURIComponent(order.checkoutId)}/complete`;
  return { mails: new OrderMails({ orderLink, sender }), composer, sender };
}

export function createCheckoutServices(d: {
  db: Kysely<Database>;
  config: Config;
  carts: CartForCheckoutPort;
  pricing: PricingPort;
  events: Pick<EventPublisher, 'publish'>;
  mailer: Mailer;
}): CheckoutServices {
  const { db, config } = d;
  const price: PriceFormat = (minor, currency) => multiCurrencyPrice(minor, currency, config.catalog.display);
  const payments = paymentProviders(config);
  const checkout = new CheckoutService({ db, carts: d.carts, totals: new CheckoutPricing(d.pricing), payments });
  const stock = new StockReservations({ events: d.events, view: { publicUrl: config.publicUrl, display: config.catalog.display } });
  const mailing = orderMailing(d);
  const placement = new OrderPlacement({
    db,
    checkouts: checkout,
    carts: d.carts,
    stock,
    events: d.events,
    payments,
    price,
    mails: mailing.mails,
  });
  const actions = new OrderActions({ db, stock, events: d.events, price, payments, mails: mailing.mails });
  return { checkout, placement, orders: new OrderReadService({ db, price, payments }), actions, price, mailing };
}

/**
 * The merchant's order tools alone (the `vitrine orders` commands): reads and actions over the
 * database, publishing to `events` (the outbox; serving processes hear product changes through it)
 * and queueing the buyer's mails (sent at once through `mailer`; retried by the serving processes).
 */
export function createOrderTools(d: { db: Kysely<Database>; config: Config; events: Pick<EventPublisher, 'publish'>; mailer: Mailer }) {
  const { db, config } = d;
  const price: PriceFormat = (minor, currency) => multiCurrencyPrice(minor, currency, config.catalog.display);
  const payments = paymentProviders(config);
  const stock = new StockReservations({ events: d.events, view: { publicUrl: config.publicUrl, display: config.catalog.display } });
  return {
    orders: new OrderReadService({ db, price, payments }),
    actions: new OrderActions({ db, stock, events: d.events, price, payments, mails: orderMailing(d).mails }),
  };
}

/** The shop's payment providers. */
function paymentProviders(config: Config): PaymentProviders {
  return new PaymentProviders([new BankTransferProvider(config.payments.bankTransferInstructions), new PayOnPickupProvider()]);
}
