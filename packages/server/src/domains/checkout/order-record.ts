/**
 * What an order keeps of its checkout and totals (the JSON columns of `orders`): plain decimal
 * strings in the order currency, so the order reads the same whatever prices, rates or coupons do
 * later. Built once at placement from the exact totals; `order-view.ts` formats it for the wire.
 */
import { toDecimal } from '../../platform/money/money.js';
import type { FrozenLine } from '../cart/checkout-port.js';
import type { TotalsResult } from '../cart/totals/model.js';

/** A frozen line with what it came to (`orders.line_items`). */
export interface OrderLine extends FrozenLine {
  /** price × quantity, decimal string */
  lineTotal: string;
  /**
   * what the buyer paid for the line: after its share of the discounts, with its tax (the engine's
   * `totalAfterTax`), decimal string; absent on orders placed before it was kept (refunds apportion then)
   */
  paid?: string;
}

/** The totals at placement (`orders.totals`). */
export interface OrderTotals {
  subtotal: string;
  discount: string;
  shipping: string;
  tax: string;
  total: string;
  appliedDiscounts: { discountType: string; amount: string; couponCode?: string; name?: string }[];
}

/** The shipping option the buyer chose (`orders.shipping_option`). */
export interface OrderShipping {
  code: string;
  title: string;
  carrierId: string;
  /** after its discount, decimal string */
  price: string;
  deliveryTime?: string;
  pickup?: { method: string; address?: Record<string, unknown>; instructions?: string };
  /** the delivery time slot the buyer chose (ISO instants), and the zone its times were shown in (orders placed before it was kept have none) */
  deliveryTimeSlot?: { from: string; to: string; timeZone?: string };
}

/**
 * The JSON columns of a new order, from the checkout's lines and the totals computed for it. A chosen
 * time slot keeps the zone the buyer read it in: the pickup location's, else the shop's `timeZone`.
 */
export function orderRecord(lines: FrozenLine[], totals: TotalsResult, timeZone: string) {
  const currency = totals.currency;
  const asDecimal = (minor: bigint) => toDecimal(minor, currency);
  const byId = new Map(totals.lines.map((line) => [line.id, line]));
  const orderLines: OrderLine[] = lines.map((line) => {
    const computed = byId.get(line.lineItemId);
    return { ...line, lineTotal: asDecimal(computed?.subtotal ?? 0n), paid: asDecimal(computed?.totalAfterTax ?? 0n) };
  });
  const summary = totals.summary;
  const orderTotals: OrderTotals = {
    subtotal: asDecimal(summary.subtotal),
    discount: asDecimal(summary.discount),
    shipping: asDecimal(summary.shipping),
    tax: asDecimal(summary.tax),
    total: asDecimal(summary.total),
    appliedDiscounts: totals.appliedDiscounts.map((discount) => ({
      discountType: discount.discountType,
      amount: asDecimal(discount.amount),
      ...(discount.coupon ? { couponCode: discount.coupon.code, name: discount.coupon.name } : {}),
    })),
  };
  const selected = totals.shipping?.selected;
  const shipping: OrderShipping | undefined = selected && {
    code: selected.code,
    title: selected.title,
    carrierId: selected.carrierId,
    price: asDecimal(selected.afterDiscount),
    ...(selected.deliveryTime ? { deliveryTime: selected.deliveryTime } : {}),
    ...(selected.pickup ? { pickup: selected.pickup } : {}),
    ...(selected.timeSlot
      ? {
          deliveryTimeSlot: {
            from: new Date(selected.timeSlot.from).toISOString(),
            to: new Date(selected.timeSlot.to).toISOString(),
            timeZone: selected.pickup?.timeZone ?? timeZone,
          },
        }
      : {}),
  };
  return { lines: orderLines, totals: orderTotals, shipping };
}
