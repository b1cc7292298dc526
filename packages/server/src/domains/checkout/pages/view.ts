/** Turns a checkout's quote (or a placed order) into what the hosted pages show, every amount formatted. */
import type { ShippingChoice } from '../../../pages/checkout-page.js';
import type { SummaryView } from '../../../pages/checkout-summary.js';
import type { TotalsResult } from '../../cart/totals/model.js';
import type { CheckoutPageQuote } from '../hosted-checkout.js';
import { addressLine, addressWithRecipient, recipientLine } from '../mails.js';
import type { PriceFormat } from '../order-view.js';
import type { WireOrder } from '../schemas.js';
import { discountRows } from './coupon-field.js';
import { slotText } from './slot-text.js';

const detailOf = (lines: { name: string; value: string }[]) => lines.map((d) => `${d.name}: ${d.value}`).join(', ') || undefined;

/** The summary of a checkout's totals. */
export function summaryOfQuote(quote: CheckoutPageQuote, price: PriceFormat): SummaryView {
  const totals = quote.totals;
  const formatted = (minor: bigint) => price(minor, totals.currency).formattedAmount;
  const byId = new Map(totals.lines.map((l) => [l.id, l]));
  const lines = quote.checkout.lines.map((l) => ({
    name: l.name,
    quantity: l.quantity,
    detail: detailOf(l.descriptionLines),
    total: formatted(byId.get(l.lineItemId)?.subtotal ?? 0n),
  }));
  const rows = [{ label: 'Subtotal', amount: formatted(totals.summary.subtotal) }];
  rows.push(...discountRows(totals, formatted));
  if (totals.shipping?.selected)
    rows.push({ label: `Shipping (${totals.shipping.selected.title})`, amount: formatted(totals.summary.shipping) });
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
  const { day, hours } = slotText(slot, timeZone);
  return { code, day, hours };
}

/** The summary of a placed order (its stored totals). */
export function summaryOfOrder(order: WireOrder): SummaryView {
  const s = order.priceSummary;
  const rows = [{ label: 'Subtotal', amount: s.subtotal.formattedAmount }];
  if (Number(s.discount.amount) > 0) rows.push({ label: 'Discount', amount: `-${s.discount.formattedAmount}` });
  if (order.shippingInfo) rows.push({ label: `Shipping (${order.shippingInfo.title})`, amount: s.shipping.formattedAmount });
  rows.push({ label: 'Tax', amount: s.tax.formattedAmount });
  return {
    lines: order.lineItems.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      detail: detailOf(l.descriptionLines),
      total: l.totalPrice.formattedAmount,
    })),
    rows,
    total: s.total.formattedAmount,
  };
}

/** "Standard shipping to Ada Lovelace, 1 Main St, Springfield, US" or the pickup place. */
export function deliveryOf(order: WireOrder): string | undefined {
  const s = order.shippingInfo;
  if (!s) return undefined;
  const pickupFor = recipientLine(s.contactDetails);
  if (s.pickup)
    return `${s.title}${pickupFor ? ` for ${pickupFor}` : ''}: pick up at ${addressLine(s.pickup.address) || 'the shop'}${s.pickup.instructions ? `. ${s.pickup.instructions}` : ''}`;
  return `${s.title} to ${addressWithRecipient(s.address, s.contactDetails)}`;
}
