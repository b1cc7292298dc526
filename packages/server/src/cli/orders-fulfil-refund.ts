/**
 * `vitrine orders fulfil` and `vitrine orders refund` (#20): a parcel of some lines with its carrier
 * and tracking, and a refund by lines, by an amount or whole, over the merchant API's rules
 * (`OrderActions.fulfill`, `OrderActions.refund`). Lines are named by their place in `orders show`
 * (1, 2...) or their id.
 */
import type { z } from 'zod';
import { CARRIER_CODES, FulfillOrderBody, RefundOrderBody, type WireOrder } from '../domains/checkout/schemas.js';
import { UNKNOWN_IDENTITY } from '../domains/events/event-identity.js';
import { violationsFromZod } from '../platform/field-violations.js';
import { type CliCommand, type FlagSpec, type Invocation, UsageError } from './command.js';
import { databaseFlags } from './open-database.js';
import { unitsText } from './order-history-lines.js';
import { act, JSON_FLAG, REF } from './orders.js';
import { listFlag } from './pricing-cli.js';

/** API field → the flag that sets it. */
const FLAG_OF: Record<string, string> = {
  trackingUrl: 'tracking-url',
  trackingNumber: 'tracking-number',
  carrier: 'carrier',
  reason: 'reason',
  amount: 'amount',
  restock: 'restock',
};

const LINE_FLAG: FlagSpec = {
  type: 'string',
  value: '<line>=<n>',
  multiple: true,
  description: "Units of a line: its place in 'orders show' (1, 2...) or its id, then how many (e.g. 2=1)",
};

/** `--line 2=1 --line <id>=3` → each line's reference (place or id) and units; undefined when absent. @throws UsageError */
function linesFlag(invocation: Invocation) {
  return listFlag(invocation, 'line')?.map((item) => {
    const [ref, count] = item.split('=');
    if (!ref || !count || !/^\d{1,6}$/.test(count) || Number(count) < 1)
      throw new UsageError(`--line '${item}' must be <line>=<units>, such as 2=1`);
    return { lineItemId: ref, quantity: Number(count) };
  });
}

/** The order's lines the references name (a place in `orders show`, or an id). @throws UsageError */
function resolveLines(order: WireOrder, lines: { lineItemId: string; quantity: number }[] | undefined) {
  return lines?.map(({ lineItemId: ref, quantity }) => {
    const line = /^\d{1,4}$/.test(ref) ? order.lineItems[Number(ref) - 1] : order.lineItems.find((item) => item.id === ref);
    if (!line)
      throw new UsageError(`--line '${ref}=${quantity}': order ${order.number} has no line ${ref} (it has ${order.lineItems.length})`);
    return { lineItemId: line.id, quantity };
  });
}

/** Parses `input` with the API's schema; its first violation names the flag. @throws UsageError */
function parsedFlags<T>(invocation: Invocation, schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const violation = violationsFromZod(parsed.error.issues)[0];
  const flag = FLAG_OF[violation.field] ?? 'line';
  const value = invocation.string(flag);
  throw new UsageError(`--${flag}${value === undefined ? '' : ` '${value}'`} ${violation.description}`);
}

/** `vitrine orders fulfil <order>`. */
export const ordersFulfil: CliCommand = {
  name: 'orders fulfil',
  summary: 'Record a parcel of an order (some lines, or everything not yet sent), with its carrier and tracking',
  positionals: REF,
  flags: {
    line: LINE_FLAG,
    carrier: { type: 'string', value: '<code>', description: `The carrier: ${CARRIER_CODES.join(', ')} (default OTHER)` },
    'tracking-number': { type: 'string', value: '<text>', description: "The carrier's tracking number (the buyer sees it)" },
    'tracking-url': { type: 'string', value: '<url>', description: 'Where the buyer follows the parcel (carrier OTHER): an https URL' },
    ...JSON_FLAG,
    ...databaseFlags,
  },
  notes: [
    'Without --line, every unit not yet sent goes in the parcel. A known carrier makes the tracking link from the number.',
    'Examples:',
    '  vitrine orders fulfil 10001 --line 1=2 --carrier UPS --tracking-number 1Z999AA1',
    '  vitrine orders fulfil 10001 --tracking-number P-2 --tracking-url https://track.example/P-2',
    'Exit codes: 0 recorded, 1 unknown order or line, more units than remain, already fulfilled or canceled, 2 usage.',
  ],
  run(invocation) {
    const flags = parsedFlags(invocation, FulfillOrderBody, {
      lineItems: linesFlag(invocation),
      carrier: invocation.string('carrier')?.toUpperCase().replaceAll('-', '_'),
      trackingNumber: invocation.string('tracking-number'),
      trackingUrl: invocation.string('tracking-url'),
    });
    return act(
      invocation,
      (order) => {
        const parcel = order.fulfillments[order.fulfillments.length - 1];
        const tracking = [parcel.trackingNumber && `tracking ${parcel.trackingNumber}`, parcel.trackingUrl].filter(Boolean).join(', ');
        return `${order.fulfillmentStatus === 'FULFILLED' ? 'fulfilled' : 'partly fulfilled'}: ${unitsText(order, parcel.lineItems)} by ${parcel.carrier.name}${tracking ? ` (${tracking})` : ''}`;
      },
      (tools, id, found) => tools.actions.fulfill(id, { ...flags, lineItems: resolveLines(found, flags.lineItems) }, UNKNOWN_IDENTITY),
    );
  },
};

/** `vitrine orders refund <order>`. */
export const ordersRefund: CliCommand = {
  name: 'orders refund',
  summary: 'Refund a paid order: some lines, an amount, or everything not yet refunded',
  positionals: REF,
  flags: {
    reason: { type: 'string', value: '<text>', required: true, description: 'Why (kept on the order)' },
    line: LINE_FLAG,
    amount: { type: 'string', value: '<decimal>', description: "How much, in the order's currency (default: the lines' prices)" },
    restock: { type: 'boolean', description: "Give the refunded lines' stock back to the catalogue" },
    ...JSON_FLAG,
    ...databaseFlags,
  },
  notes: [
    'Without --line and --amount, everything not yet refunded is refunded.',
    'Examples:',
    '  vitrine orders refund 10001 --amount 5.00 --reason "Late delivery"',
    '  vitrine orders refund 10001 --line 2=1 --restock --reason "Returned"',
    'Exit codes: 0 refunded, 1 unknown order or line, not paid, more than was paid or ordered, 2 usage.',
  ],
  run(invocation) {
    const flags = parsedFlags(invocation, RefundOrderBody, {
      lineItems: linesFlag(invocation),
      reason: invocation.string('reason'),
      amount: invocation.string('amount'),
      restock: invocation.flag('restock') || undefined,
    });
    return act(
      invocation,
      (order) => {
        const refund = order.refunds[order.refunds.length - 1];
        const state = order.paymentStatus === 'FULLY_REFUNDED' ? 'fully refunded' : 'partly refunded';
        return `${state}: ${refund.amount.formattedAmount} (${order.refundedTotal.formattedAmount} of ${order.priceSummary.total.formattedAmount} in all)`;
      },
      (tools, id, found) => tools.actions.refund(id, { ...flags, lineItems: resolveLines(found, flags.lineItems) }, UNKNOWN_IDENTITY),
    );
  },
};
