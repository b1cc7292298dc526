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
import type { ShopSettingsService } from '../settings/service.js';
import { OrderActions } from './order-actions.js';
import type { PriceFormat } from './order-view.js';
import { OrderReadService } from './orders-service.js';
import { PaymentProviderSource } from './payments.js';
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
}

export function createCheckoutServices(d: {
  db: Kysely<Database>;
  config: Config;
  carts: CartForCheckoutPort;
  pricing: PricingPort;
  events: Pick<EventPublisher, 'publish'>;
  mailer: Mailer;
  settings: Pick<ShopSettingsService, 'current'>;
  /** the shop's payment providers, made from its settings (`services.ts`, where online ones are added) */
  payments: PaymentProviderSource;
}): CheckoutServices {
  const { db, config } = d;
  const price: PriceFormat = (minor, currency) => multiCurrencyPrice(minor, currency, config.catalog.display);
  const { payments } = d;
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
    settings: d.settings,
  });
  const actions = new OrderActions({ db, stock, events: d.events, price, payments });
  return { checkout, placement, orders: new OrderReadService({ db, price, payments }), actions, price };
}

/**
 * The merchant's order tools alone (the `vitrine orders` commands): reads and actions over the
 * database, publishing to `events` (the outbox; serving processes hear product changes through it).
 */
export function createOrderTools(d: {
  db: Kysely<Database>;
  config: Config;
  events: Pick<EventPublisher, 'publish'>;
  settings: Pick<ShopSettingsService, 'current'>;
}) {
  const { db, config } = d;
  const price: PriceFormat = (minor, currency) => multiCurrencyPrice(minor, currency, config.catalog.display);
  const payments = new PaymentProviderSource(d.settings);
  const stock = new StockReservations({ events: d.events, view: { publicUrl: config.publicUrl, display: config.catalog.display } });
  return {
    orders: new OrderReadService({ db, price, payments }),
    actions: new OrderActions({ db, stock, events: d.events, price, payments }),
  };
}
