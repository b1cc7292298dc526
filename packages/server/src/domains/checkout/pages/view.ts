/** Turns a checkout's quote (or a placed order) into what the hosted pages show, every amount formatted. */

import { lineOptionsText, shippingRowLabel, timeSlotText } from '@vitrine/sdk/wording';
import type { ShippingChoice } from '../../../pages/checkout-page.js';
import type { SummaryView } from '../../../pages/checkout-summary.js';
import type { TotalsResult } from '../../cart/totals/model.js';
import type { CheckoutPageQuote } from '../hosted-checkout.js';
import { addressLine } from '../mails.js';
import type { PriceFormat } from '../order-view.js';
import type { WireOrder } from '../schemas.js';
import { discountRows } from './coupon-field.js';

/** A line's options in words, or nothing (the page shows no empty detail). */
const detailOf = (lines: { name: string; value: string }[]) => lineOptionsText(lines) || undefined;

/** The summary of a checkout's totals. */
export function summaryOfQuote(quote: CheckoutPageQuote, price: PriceFormat): SummaryView {
  const totals = quote.totals;
  const formatted = (minor: bigint) => price(minor, totals.currency).formattedAmount;
  const byId = new Map(totals.lines.map((line) => [line.id, line]));
  const lines = quote.checkout.lines.map((line) => ({
    name: line.name,
    quantity: line.quantity,
    detail: detailOf(line.descriptionLines),
    total: formatted(byId.get(line.lineItemId)?.subtotal ?? 0n),
  }));
  const rows = [{ label: 'Subtotal', amount: formatted(totals.summary.subtotal) }];
  rows.push(...discountRows(totals, formatted));
  const selected = totals.shipping?.selected;
  if (selected)
    rows.push({
      label: shippingRowLabel({ title: selected.title, pickup: selected.pickup !== undefined }),
      amount: formatted(totals.summary.shipping),
    });
  rows.push({
    label: quote.totals.tax.total > 0n || totals.shipping ? 'Tax' : 'Tax (calculated with your address)',
    amount: formatted(totals.summary.tax),
  });
  return { lines, rows, total: formatted(totals.summary.total) };
}

/**
 * The shipping options of the address, or undefined without one: an option with time slots is one
 * choice with its slots inside, in the pickup location's time zone, else the shop's.
 */
export function shippingChoices(totals: TotalsResult, price: PriceFormat, shopTimeZone?: string): ShippingChoice[] | undefined {
  if (!totals.shipping) return undefined;
  const choices = new Map<string, ShippingChoice>();
  for (const quote of totals.shipping.options) {
    const code = optionCodeOf(quote.code);
    const existing = choices.get(code);
    if (existing && quote.timeSlot) {
      existing.slots?.push(slotChoice(quote.code, quote.timeSlot, quote.pickup?.timeZone ?? shopTimeZone));
      continue;
    }
    choices.set(code, {
      code,
      title: quote.title,
      price: quote.afterDiscount === 0n ? 'Free' : price(quote.afterDiscount, totals.currency).formattedAmount,
      ...(quote.deliveryTime ? { deliveryTime: quote.deliveryTime } : {}),
      ...(quote.pickup
        ? {
            pickupNote: [`Pick up at ${addressLine(quote.pickup.address) || 'the shop'}`, quote.pickup.instructions]
              .filter(Boolean)
              .join('. '),
          }
        : {}),
      ...(quote.timeSlot ? { slots: [slotChoice(quote.code, quote.timeSlot, quote.pickup?.timeZone ?? shopTimeZone)] } : {}),
    });
  }
  return [...choices.values()];
}

/** The option's own code of a quote's code: a time slot's code is the option's code, `@`, and the slot. */
export function optionCodeOf(code: string): string {
  const at = code.indexOf('@');
  return at < 0 ? code : code.slice(0, at);
}

function slotChoice(code: string, slot: { from: string; to: string }, timeZone: string | undefined) {
  return { code, ...timeSlotText(slot, timeZone) };
}

/** The summary of a placed order (its stored totals). */
export function summaryOfOrder(order: WireOrder): SummaryView {
  const summary = order.priceSummary;
  const rows = [{ label: 'Subtotal', amount: summary.subtotal.formattedAmount }];
  if (Number(summary.discount.amount) > 0) rows.push({ label: 'Discount', amount: `-${summary.discount.formattedAmount}` });
  const shipping = order.shippingInfo;
  if (shipping)
    rows.push({
      label: shippingRowLabel({ title: shipping.title, pickup: shipping.pickup !== undefined }),
      amount: summary.shipping.formattedAmount,
    });
  rows.push({ label: 'Tax', amount: summary.tax.formattedAmount });
  return {
    lines: order.lineItems.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      detail: detailOf(line.descriptionLines),
      total: line.totalPrice.formattedAmount,
    })),
    rows,
    total: summary.total.formattedAmount,
  };
}
