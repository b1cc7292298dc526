/**
 * The view of a cart as the API answers it and its events carry it: its lines priced with what the
 * catalogue says now, its coupon's amount, the shop's tax style and ways to pay.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { toMinor } from '../../platform/money/money.js';
import { type CartLine, cartLinesOf, refOf } from './cart-lines.js';
import type { CartCatalogPort } from './catalog-port.js';
import { couponOnLines } from './coupon-amount.js';
import { type DisplayCurrency, toWireCart, type WireCart } from './line-view.js';
import { customerOf } from './owner.js';
import type { Prepared } from './prepared.js';
import type { PricingPort } from './pricing-port.js';
import { type CartRow, type LineRow, listLines } from './store.js';

export interface CartViewDeps {
  catalog: CartCatalogPort;
  pricing: PricingPort;
  display?: DisplayCurrency;
}

/** Builds cart views: lines priced in one catalogue batch, the coupon's rule read once a request. */
export class CartViews {
  constructor(private readonly deps: CartViewDeps) {}

  /** The cart's lines, read on `db` and priced now. */
  async linesOf(db: Kysely<Database>, cart: CartRow, catalog: CartCatalogPort = this.deps.catalog): Promise<CartLine[]> {
    return this.pricedLines(db, cart, await listLines(db, cart.id), catalog);
  }

  /** Rows with what the catalogue says of them now (one batch; the request's memo answers known ones). */
  async pricedLines(db: Kysely<Database>, cart: CartRow, rows: LineRow[], catalog: CartCatalogPort): Promise<CartLine[]> {
    const items = rows.length ? await catalog.resolve(db, rows.map(refOf)) : [];
    return cartLinesOf(rows, items, cart.currency);
  }

  /** The view of a cart as written: its coupon's rule (read on `db` unless the request has it) and its lines priced now. */
  async viewAfter(db: Kysely<Database>, cart: CartRow, lines: LineRow[], prepared: Prepared, catalog: CartCatalogPort): Promise<WireCart> {
    await this.couponOf(db, cart, prepared);
    return this.viewOf(cart, await this.pricedLines(db, cart, lines, catalog), prepared);
  }

  /** The view of a cart with its lines priced, the coupon's rule taken from what the request read. */
  viewOf(cart: CartRow, lines: CartLine[], prepared: Prepared): WireCart {
    const rule = cart.coupon_id ? prepared.coupons.get(cart.coupon_id) : undefined;
    const coupon = rule && {
      id: rule.id,
      code: rule.code,
      name: rule.name,
      ...couponOnLines(lines, rule, cart.currency, prepared.taxIncludedInPrices),
    };
    const { taxIncludedInPrices, linePaymentOption } = prepared;
    return toWireCart({ cart, lines, coupon, taxIncludedInPrices, linePaymentOption, display: this.deps.display }, (decimal) =>
      toMinor(decimal, cart.currency),
    );
  }

  /** The rule of the cart's coupon, read in the write's transaction unless the request read it already. */
  private async couponOf(db: Kysely<Database>, cart: CartRow, prepared: Prepared): Promise<void> {
    if (!cart.coupon_id || prepared.coupons.has(cart.coupon_id)) return;
    const rule = await this.deps.pricing.couponById(cart.coupon_id, customerOf(prepared.access, cart.email ?? undefined), db);
    if (rule) prepared.coupons.set(rule.id, rule);
  }
}
