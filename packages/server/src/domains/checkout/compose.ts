/** Builds the checkout domain's services from what the composition root already has (`services.ts`). */
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/schema.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { CartForCheckoutPort } from '../cart/checkout-port.js';
import type { PricingPort } from '../cart/pricing-port.js';
import { multiCurrencyPrice } from '../cart/totals/wire.js';
import { StockReservations } from '../catalog/stock.js';
import type { EventPublisher } from '../events/publisher.js';
import { CheckoutCoupons } from './checkout-coupon.js';
import { type MemberLookup, MemberPrefill } from './member-prefill.js';
import { GuestOrders } from './guest-orders.js';
import { OrderActions } from './order-actions.js';
import { OrderStatusLinks } from './order-status-links.js';
import { OrderTimeline } from './order-timeline.js';
import type { PriceFormat } from './order-view.js';
import { OrderReadService } from './orders-service.js';
import { BankTransferProvider, PaymentProviders, PayOnPickupProvider } from './payments.js';
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
  /** the signed order-status links the e-mails carry (`init()` at start) */
  links: OrderStatusLinks;
  /** the orders' timelines and the merchant's notes */
  timeline: OrderTimeline;
  /** guest orders given to the member who proves their e-mail */
  guestOrders: GuestOrders;
}

export function createCheckoutServices(d: {
  db: Kysely<Database>;
  config: Config;
  carts: CartForCheckoutPort;
  pricing: PricingPort;
  events: Pick<EventPublisher, 'publish'>;
  mailer: Mailer;
  /** the members whose checkouts the hosted page fills in (identity) */
  members: MemberLookup;
}): CheckoutServices {
  const { db, config } = d;
  const price: PriceFormat = (minor, currency) => multiCurrencyPrice(minor, currency, config.catalog.display);
  const payments = paymentProviders(config);
  const checkout = new CheckoutService({ db, carts: d.carts, totals: new CheckoutPricing(d.pricing), payments });
  const stock = new StockReservations({ events: d.events, view: { publicUrl: config.publicUrl, display: config.catalog.display } });
  const links = new OrderStatusLinks({ db, publicUrl: config.publicUrl });
  const placement = new OrderPlacement({
    db,
    links,
    checkouts: checkout,
    carts: d.carts,
    stock,
    events: d.events,
    payments,
    price,
    mailer: d.mailer,
    shopName: config.shopName,
  });
  const actions = new OrderActions({ db, stock, events: d.events, price, payments });
  const memberPrefill = new MemberPrefill({ db, members: d.members });
  const orders = new OrderReadService({ db, price, payments });
  const coupons = new CheckoutCoupons({ db, checkouts: checkout, carts: d.carts, coupons: d.pricing });
  const timeline = new OrderTimeline({ db });
  return {
    checkout,
    coupons,
    placement,
    orders,
    actions,
    price,
    memberPrefill,
    links,
    timeline,
    guestOrders: new GuestOrders({ db, events: d.events, price, payments }),
  };
}

/**
 * The merchant's order tools alone (the `vitrine orders` commands): reads and actions over the
 * database, publishing to `events` (the outbox; serving processes hear product changes through it).
 */
export function createOrderTools(d: { db: Kysely<Database>; config: Config; events: Pick<EventPublisher, 'publish'> }) {
  const { db, config } = d;
  const price: PriceFormat = (minor, currency) => multiCurrencyPrice(minor, currency, config.catalog.display);
  const payments = paymentProviders(config);
  const stock = new StockReservations({ events: d.events, view: { publicUrl: config.publicUrl, display: config.catalog.display } });
  return {
    orders: new OrderReadService({ db, price, payments }),
    actions: new OrderActions({ db, stock, events: d.events, price, payments }),
  };
}

/** The shop's payment providers. */
function paymentProviders(config: Config): PaymentProviders {
  return new PaymentProviders([new BankTransferProvider(config.payments.bankTransferInstructions), new PayOnPickupProvider()]);
}
