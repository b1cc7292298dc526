/**
 * `vitrine orders`: the merchant's order tools from the shell (list, show, mark-paid, fulfil,
 * cancel), over the same services and rules as the merchant API (`/ecom/v1/orders`). Events go to
 * the outbox as the API's do (webhooks, other processes' catalogue caches), and so do the buyer's mails.
 */
import { CheckoutErrors } from '../domains/checkout/errors.js';
import {
  FULFILLMENT_STATUSES,
  ORDER_SORT_FIELDS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  SearchOrdersBody,
  type WireOrder,
} from '../domains/checkout/schemas.js';
import { UNKNOWN_IDENTITY } from '../domains/events/event-identity.js';
import { DomainError } from '../platform/errors.js';
import { violationsFromZod } from '../platform/field-violations.js';
import type { Services } from '../services.js';
import { type CliCommand, CliFailure, type FlagSpec, type Invocation, UsageError } from './command.js';
import { databaseFlags } from './open-database.js';
import { describeHistory } from './order-history-lines.js';
import { listFlag, table, wholeFlag } from './pricing-cli.js';
import { usingServices } from './using-services.js';

type OrderTools = Pick<Services['checkout'], 'orders' | 'actions'>;

export const REF = [{ name: 'order', description: "The order's number (10001) or id" }];
export const JSON_FLAG: Record<string, FlagSpec> = {
  json: { type: 'boolean', description: 'Print the order as JSON (the API’s wire form)' },
};

/** Runs work with the order tools of the server's services over the configured, migrated database. */
function withOrders<T>(invocation: Invocation, work: (tools: OrderTools) => Promise<T>): Promise<T> {
  return usingServices(invocation, (services) => work(services.checkout));
}

/** Runs an order call; the domain's refusals (unknown order, wrong state) become failures (exit 1). */
async function refusalsAsFailures<T>(promise: Promise<T>, ref: string): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof DomainError && error.code === CheckoutErrors.ORDER_NOT_FOUND) throw new CliFailure(`no order '${ref}'`);
    if (error instanceof DomainError && error.code in CheckoutErrors.table) {
      const description = CheckoutErrors.table[error.code as keyof typeof CheckoutErrors.table].description;
      throw new CliFailure(`order ${ref}: ${description}${evidenceOf(error.data)}`);
    }
    throw error;
  }
}

/** What a refusal's data says in numbers: the units left on a line, the money left to refund. */
function evidenceOf(data: Record<string, unknown>): string {
  if (data.remaining !== undefined) return ` (line ${data.lineItemId}: ${data.remaining} left, ${data.requested} asked)`;
  if (data.refundable !== undefined) return ` (${data.refundable} left to refund, ${data.requested} asked)`;
  if (data.lineItemId !== undefined) return ` (line ${data.lineItemId})`;
  return '';
}

/** A comma-separated (or repeated) list flag of words (any case); undefined when absent. @throws UsageError */
function choicesFlag<const W extends string>(invocation: Invocation, flag: string, words: readonly W[]): W[] | undefined {
  const items = listFlag(invocation, flag);
  if (!items) return undefined;
  return items.map((item) => {
    const word = words.find((candidate) => candidate === item.toUpperCase().replaceAll('-', '_'));
    if (!word) throw new UsageError(`--${flag} '${item}' must be one of ${words.join(', ')}`);
    return word;
  });
}

/** `--sort total:desc` → the API's sort. @throws UsageError */
function sortFlag(invocation: Invocation) {
  const text = invocation.string('sort');
  if (text === undefined) return undefined;
  const [name, order = 'asc'] = text.split(':');
  const fieldName = ORDER_SORT_FIELDS.find((field) => field.toLowerCase() === name.toLowerCase().replaceAll('-', ''));
  if (!fieldName || !['asc', 'desc'].includes(order.toLowerCase())) {
    throw new UsageError(`--sort '${text}' must be one of ${ORDER_SORT_FIELDS.join(', ')}, optionally followed by :asc or :desc`);
  }
  return { fieldName, order: order.toUpperCase() as 'ASC' | 'DESC' };
}

/** API filter field → the flag that sets it. */
const FILTER_FLAGS: Record<string, string> = {
  'filter.createdDate.from': 'from',
  'filter.createdDate.to': 'to',
  'filter.email': 'email',
  'filter.number': 'number',
};

/** `vitrine orders list`. */
export const ordersList: CliCommand = {
  name: 'orders list',
  summary: 'List orders, newest first, with filters',
  flags: {
    status: { type: 'string', value: '<statuses>', multiple: true, description: `Only these statuses: ${ORDER_STATUSES.join(', ')}` },
    payment: {
      type: 'string',
      value: '<statuses>',
      multiple: true,
      description: `Only these payment statuses: ${PAYMENT_STATUSES.join(', ')}`,
    },
    fulfillment: {
      type: 'string',
      value: '<statuses>',
      multiple: true,
      description: `Only these fulfilment statuses: ${FULFILLMENT_STATUSES.join(', ')}`,
    },
    from: { type: 'string', value: '<iso date>', description: 'Placed at or after (e.g. 2026-12-01T00:00:00Z)' },
    to: { type: 'string', value: '<iso date>', description: 'Placed before' },
    email: { type: 'string', value: '<text>', description: "The buyer's e-mail contains it (any case)" },
    number: { type: 'string', value: '<n>', description: 'The order with this number' },
    sort: { type: 'string', value: '<field[:dir]>', description: `${ORDER_SORT_FIELDS.join(', ')}; :asc (default) or :desc` },
    limit: { type: 'string', value: '<n>', description: 'How many, 1 to 100 (default 50)' },
    offset: { type: 'string', value: '<n>', description: 'Skip this many (default 0)' },
    json: { type: 'boolean', description: 'Print the page as JSON ({orders, metadata}: the API’s wire form)' },
    ...databaseFlags,
  },
  notes: [
    'Statuses are comma-separated or repeated; any case.',
    'Examples:',
    '  vitrine orders list --payment NOT_PAID,PENDING',
    '  vitrine orders list --status APPROVED --fulfillment NOT_FULFILLED --sort createdDate',
    '  vitrine orders list --email @example.com --sort total:desc --json',
  ],
  async run(invocation) {
    const limit = wholeFlag(invocation, 'limit', 1, 100) ?? 50;
    const offset = wholeFlag(invocation, 'offset', 0, 1_000_000) ?? 0;
    const from = invocation.string('from');
    const to = invocation.string('to');
    const input = {
      paging: { limit, offset },
      filter: {
        status: choicesFlag(invocation, 'status', ORDER_STATUSES),
        paymentStatus: choicesFlag(invocation, 'payment', PAYMENT_STATUSES),
        fulfillmentStatus: choicesFlag(invocation, 'fulfillment', FULFILLMENT_STATUSES),
        createdDate: from || to ? { from, to } : undefined,
        email: invocation.string('email'),
        number: invocation.string('number'),
      },
      sort: sortFlag(invocation),
    };
    const parsed = SearchOrdersBody.safeParse(input);
    if (!parsed.success) {
      const violation = violationsFromZod(parsed.error.issues)[0];
      const flag = FILTER_FLAGS[violation.field];
      throw new UsageError(
        flag ? `--${flag} '${invocation.string(flag)}' ${violation.description}` : `${violation.field} ${violation.description}`,
      );
    }
    const page = await withOrders(invocation, (tools) => tools.orders.search({ kind: 'merchant', apiKeyId: 'cli' }, parsed.data));
    if (invocation.flag('json')) {
      invocation.io.out(JSON.stringify(page, null, 2));
      return 0;
    }
    if (page.metadata.total === 0) invocation.io.out('no orders match');
    const rows = page.orders.map((order) => [
      `#${order.number}`,
      order.createdDate.slice(0, 16).replace('T', ' '),
      order.buyerInfo.email,
      order.priceSummary.total.formattedAmount,
      order.status,
      order.paymentStatus,
      order.fulfillmentStatus,
      order.id,
    ]);
    for (const line of table(rows)) invocation.io.out(line);
    const shown = offset + page.orders.length;
    if (page.metadata.total > shown) invocation.io.out(`(${page.metadata.total} in all; --offset ${shown} for more)`);
    return 0;
  },
};

/** The lines `orders show` prints. */
function describeOrder(order: WireOrder): string[] {
  const summary = order.priceSummary;
  const lines = [
    `order ${order.number} (id ${order.id})`,
    `  placed      ${order.createdDate}, updated ${order.updatedDate}`,
    `  status      ${order.status}, payment ${order.paymentStatus} (${order.paymentMethod.title}), fulfilment ${order.fulfillmentStatus}`,
    `  buyer       ${order.buyerInfo.email}${order.buyerInfo.memberId ? ` (member ${order.buyerInfo.memberId})` : ''}`,
    ...order.lineItems.map(
      (item) => `  item        ${item.quantity} × ${item.name}${item.sku ? ` [${item.sku}]` : ''}: ${item.totalPrice.formattedAmount}`,
    ),
    `  total       ${summary.total.formattedAmount} (subtotal ${summary.subtotal.formattedAmount}, discount ${summary.discount.formattedAmount}, shipping ${summary.shipping.formattedAmount}, tax ${summary.tax.formattedAmount})`,
  ];
  const ship = order.shippingInfo;
  if (ship) {
    const address = ship.address as Record<string, string | undefined> | undefined;
    const where = address ? [address.addressLine, address.city, address.postalCode, address.country].filter(Boolean).join(', ') : '';
    lines.push(`  shipping    ${ship.title}${where ? ` to ${where}` : ''}`);
  }
  if (order.paidDate) lines.push(`  paid        ${order.paidDate}`);
  const fulfillment = order.fulfillmentInfo;
  if (fulfillment)
    lines.push(
      `  fulfilled   ${[fulfillment.fulfilledDate, fulfillment.trackingNumber && `tracking ${fulfillment.trackingNumber}`, fulfillment.trackingUrl].filter(Boolean).join(', ')}`,
    );
  lines.push(...describeHistory(order));
  const cancellation = order.cancellation;
  if (cancellation) lines.push(`  canceled    ${cancellation.canceledDate}${cancellation.reason ? `: ${cancellation.reason}` : ''}`);
  return lines;
}

/** `vitrine orders show <order>`. */
export const ordersShow: CliCommand = {
  name: 'orders show',
  summary: 'Show one order: lines, totals, buyer, payment, fulfilment',
  positionals: REF,
  flags: { ...JSON_FLAG, ...databaseFlags },
  async run(invocation) {
    const ref = invocation.positionals[0];
    const order = await withOrders(invocation, (tools) => refusalsAsFailures(tools.orders.find(ref), ref));
    if (invocation.flag('json')) invocation.io.out(JSON.stringify(order, null, 2));
    else for (const line of describeOrder(order)) invocation.io.out(line);
    return 0;
  },
};

/** Runs one action on the order `ref` names (given the order as found) and prints `order <number> <done>`. */
export async function act(
  invocation: Invocation,
  done: (order: WireOrder) => string,
  action: (tools: OrderTools, id: string, found: WireOrder) => Promise<WireOrder>,
) {
  const ref = invocation.positionals[0];
  const order = await withOrders(invocation, async (tools) => {
    const found = await refusalsAsFailures(tools.orders.find(ref), ref);
    return refusalsAsFailures(action(tools, found.id, found), found.number);
  });
  if (invocation.flag('json')) invocation.io.out(JSON.stringify(order, null, 2));
  else invocation.io.out(`order ${order.number} ${done(order)}`);
  return 0;
}

/** `vitrine orders mark-paid <order>`. */
export const ordersMarkPaid: CliCommand = {
  name: 'orders mark-paid',
  summary: 'Record the payment of an unpaid order (bank transfer received, paid at pickup)',
  positionals: REF,
  flags: { ...JSON_FLAG, ...databaseFlags },
  notes: ['Exit codes: 0 marked, 1 unknown order or already paid or canceled, 2 usage.'],
  run: (invocation) =>
    act(
      invocation,
      () => 'marked as paid',
      (tools, id) => tools.actions.markAsPaid(id, UNKNOWN_IDENTITY),
    ),
};

/** `vitrine orders cancel <order>`. */
export const ordersCancel: CliCommand = {
  name: 'orders cancel',
  summary: 'Cancel an order not yet fulfilled; its stock goes back to the catalogue',
  positionals: REF,
  flags: {
    reason: { type: 'string', value: '<text>', description: 'Why (kept on the order; the buyer sees it)' },
    ...JSON_FLAG,
    ...databaseFlags,
  },
  notes: ['Exit codes: 0 canceled, 1 unknown order or fulfilled or already canceled, 2 usage.'],
  async run(invocation) {
    const reason = invocation.string('reason')?.trim();
    if (reason !== undefined && (reason.length === 0 || reason.length > 500)) {
      throw new UsageError(`--reason must be 1 to 500 characters`);
    }
    return act(
      invocation,
      () => 'canceled (its stock is given back)',
      (tools, id) => tools.actions.cancel(id, { reason }, UNKNOWN_IDENTITY),
    );
  },
};
