/**
 * estimate-totals: the caller's cart priced now, then the totals engine over it with the address,
 * shipping option and memberships asked for (the cart's own contact address and option otherwise).
 * The pricing configuration is loaded after the cart's transaction ended (PGlite has one connection).
 * An estimate charges nothing, so its tax settings, shipping options and tax rates may be up to a
 * second old (`recent`, bench/api-cart #5); checkout computes what is charged from the stored rows.
 */
import { toMinor } from '../../platform/money/money.js';
import { type CartLine, pricedLineOf } from './cart-lines.js';
import type { WireCart } from './line-view.js';
import type { PricingAddress, PricingPort } from './pricing-port.js';
import type { EstimateTotalsBody } from './schemas.js';
import type { CartRow } from './store.js';
import { computeTotals } from './totals/engine.js';
import { loadTotalsInput } from './totals/load-input.js';
import type { LinePaymentOption, MerchantDiscountRule } from './totals/model.js';
import { type DisplayCurrency, type EstimateWire, estimateWire } from './totals/wire.js';

/** The cart as the estimate starts from it. */
export interface PricedCart {
  cart: CartRow;
  lines: CartLine[];
  view: WireCart;
}

/** The address fields pricing reads, from a wire address. */
function pricingAddressOf(address: Record<string, unknown> | null | undefined): PricingAddress | undefined {
  if (!address) return undefined;
  const text = (field: string) => (typeof address[field] === 'string' ? (address[field] as string) : undefined);
  return { country: text('country'), subdivision: text('subdivision'), city: text('city'), postalCode: text('postalCode') };
}

/** The cart's merchant discounts as the engine takes them. */
function merchantDiscountRules(cart: CartRow): MerchantDiscountRule[] {
  return cart.merchant_discounts.map((discount) => ({
    ...('amount' in discount ? { amount: toMinor(discount.amount, cart.currency) } : { percentage: discount.percentage }),
    ...(discount.lineItemIds?.length ? { lineItemIds: discount.lineItemIds } : {}),
  }));
}

/** The estimate answer: `{cart, ...the totals' wire parts}`. */
export async function estimateTotals(
  pricing: PricingPort,
  priced: PricedCart,
  body: NonNullable<EstimateTotalsBody>,
  display: DisplayCurrency | undefined,
  linePaymentOption?: LinePaymentOption,
): Promise<{ cart: WireCart } & EstimateWire> {
  const { cart, lines, view } = priced;
  const contactAddress = (cart.contact_info?.address ?? undefined) as Record<string, unknown> | undefined;
  const loaded = await loadTotalsInput(pricing, {
    currency: cart.currency,
    lines: lines.map(pricedLineOf),
    couponId: cart.coupon_id,
    merchantDiscounts: merchantDiscountRules(cart),
    shippingAddress: pricingAddressOf(body.shippingAddress ?? contactAddress),
    selectedShippingOption: body.selectedShippingOption ?? cart.selected_shipping_option ?? undefined,
    memberId: cart.member_id ?? undefined,
    email: cart.email ?? undefined,
    selectedMemberships: body.selectedMemberships?.memberships?.map((membership) => ({
      id: membership.id,
      lineItemIds: membership.lineItemIds,
    })),
    recent: true,
    linePaymentOption,
  });
  const result = computeTotals(loaded.input);
  const wire = estimateWire(result, loaded.memberships, { display, weightUnit: 'KG', droppedCoupon: loaded.droppedCoupon });
  return { cart: view, ...wire };
}
