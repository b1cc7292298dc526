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
import { CardPaymentProvider } from './card/provider.js';
import { CardPayments } from './card/service.js';
import { configuredCardSettings } from './card/settings.js';
import { StripeGateway } from './card/stripe-gateway.js';
import { OrderActions } from './order-actions.js';
import type { PriceFormat } from './order-view.js';
import { OrderReadService } from './orders-service.js';
import { BankTransferProvider, type PaymentProvider, PaymentProviders, PayOnPickupProvider } from './payments.js';
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
  /** the shop's payment providers (a card order's refund: `payments.find('card')?.refund`) */
  payments: PaymentProviders;
  /** card payments through Stripe (the pay step, the return from Stripe, the webhook) */
  card: CardPayments;
  /** where the pay page loads Stripe.js from, and where Stripe's API is (the page's CSP) */
  stripe: { jsUrl: string; apiBaseUrl: string };
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
  const gateway = stripeGateway(config);
  const payments = paymentProviders(config, gateway);
  const checkout = new CheckoutService({ db, carts: d.carts, totals: new CheckoutPricing(d.pricing), payments });
  const stock = new StockReservations({ events: d.events, view: { publicUrl: config.publicUrl, display: config.catalog.display } });
  const placement = new OrderPlacement({
    db,
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
  const card = new CardPayments({ db, gateway, placement });
  const orders = new OrderReadService({ db, price, payments });
  const stripe = { jsUrl: config.stripe.jsUrl, apiBaseUrl: config.stripe.apiBaseUrl };
  return { checkout, placement, orders, actions, price, payments, card, stripe };
}

/**
 * The merchant's order tools alone (the `vitrine orders` commands): reads and actions over the
 * database, publishing to `events` (the outbox; serving processes hear product changes through it).
 */
export function createOrderTools(d: { db: Kysely<Database>; config: Config; events: Pick<EventPublisher, 'publish'> }) {
  const { db, config } = d;
  const price: PriceFormat = (minor, currency) => multiCurrencyPrice(minor, currency, config.catalog.display);
  const payments = paymentProviders(config, stripeGateway(config));
  const stock = new StockReservations({ events: d.events, view: { publicUrl: config.publicUrl, display: config.catalog.display } });
  return {
    orders: new OrderReadService({ db, price, payments }),
    actions: new OrderActions({ db, stock, events: d.events, price, payments }),
  };
}

/** Stripe, with the keys of the configuration (`STRIPE_*`). */
function stripeGateway(config: Config): StripeGateway {
  return new StripeGateway(configuredCardSettings(config.stripe.keys), config.stripe.apiBaseUrl);
}

/** The shop's payment providers; card when Stripe's keys are set. */
function paymentProviders(config: Config, gateway: StripeGateway): PaymentProviders {
  const offline: PaymentProvider[] = [new BankTransferProvider(config.payments.bankTransferInstructions), new PayOnPickupProvider()];
  return new PaymentProviders(config.stripe.keys ? [new CardPaymentProvider(gateway), ...offline] : offline);
}
