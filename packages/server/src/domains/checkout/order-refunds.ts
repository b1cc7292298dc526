/**
 * The rules of a refund (issue #20): only a paid order; by lines (what was paid for the units, with
 * their share of discounts and tax: line-refunds.ts), by an
 * amount, or whole (every unit and every cent not yet refunded); the refunds never come to more than
 * was paid (the order total; the caller holds the order's row lock, so concurrent refunds are
 * checked one after the other); restock gives the lines' stock back, once. Amounts are computed in
 * minor units (`platform/money`).
 */
import type { Updateable } from 'kysely';
import type { OrdersTable } from '../../platform/db/schema.js';
import { DomainError, ValidationFailure } from '../../platform/errors.js';
import { currencyExponent, toDecimal, toMinor } from '../../platform/money/money.js';
import { CheckoutErrors } from './errors.js';
import { lineRefundAmount } from './line-refunds.js';
import { checkUnits } from './order-fulfillments.js';
import { linesOf, refundedUnits, refundsOf, remainingUnits, type StoredRefund } from './order-history.js';
import type { OrderTotals } from './order-record.js';
import { restockOf } from './order-stock.js';
import type { RefundOrderBody } from './schemas.js';
import type { OrderRow } from './store.js';

/** What was paid for the order and what of it was refunded, in minor units. */
function refundBalance(row: Pick<OrderRow, 'totals' | 'refunds' | 'currency'>) {
  const paid = toMinor((row.totals as unknown as OrderTotals).total, row.currency);
  const refunded = refundsOf(row).reduce((sum, refund) => sum + toMinor(refund.amount, row.currency), 0n);
  return { paid, refunded };
}

/** An amount typed in the order currency, in minor units. @throws ValidationFailure (more decimals than the currency has) */
function amountOf(text: string, currency: string): bigint {
  const decimals = text.split('.')[1] ?? '';
  if (/[1-9]/.test(decimals.slice(currencyExponent(currency)))) {
    const description = `has more decimals than ${currency} has (${currencyExponent(currency)})`;
    throw new ValidationFailure([{ field: 'amount', description, violatedRule: 'FORMAT' }]);
  }
  return toMinor(text, currency);
}

/**
 * The refund `input` asks for, its amount in minor units, the stock it gives back and the order's new column values.
 * @throws DomainError ORDER_NOT_PAID, ORDER_FULLY_REFUNDED, ORDER_LINE_NOT_FOUND, REFUND_EXCEEDS_ORDER,
 *   REFUND_EXCEEDS_PAYMENT, STOCK_ALREADY_RETURNED; ValidationFailure (an amount of nothing)
 */
export function planRefund(row: OrderRow, input: Omit<RefundOrderBody, 'id'>, now: Date) {
  if (row.payment_status === 'FULLY_REFUNDED') throw new DomainError(CheckoutErrors.ORDER_FULLY_REFUNDED, { orderId: row.id });
  if (row.payment_status !== 'PAID' && row.payment_status !== 'PARTIALLY_REFUNDED') {
    throw new DomainError(CheckoutErrors.ORDER_NOT_PAID, { orderId: row.id, paymentStatus: row.payment_status });
  }
  if (input.restock && row.status === 'CANCELED') throw new DomainError(CheckoutErrors.STOCK_ALREADY_RETURNED, { orderId: row.id });
  const currency = row.currency;
  const lines = linesOf(row);
  const remaining = remainingUnits(lines, refundedUnits(row));
  const whole = !input.lineItems && input.amount === undefined;
  const lineItems = input.lineItems ?? (whole ? remaining : []);
  checkUnits(row, lineItems, remaining, CheckoutErrors.REFUND_EXCEEDS_ORDER);
  const { paid, refunded } = refundBalance(row);
  const amount =
    input.amount !== undefined
      ? amountOf(input.amount, currency)
      : whole
        ? paid - refunded
        : lineRefundAmount(row, lineItems, refundedUnits(row));
  if (amount <= 0n) {
    const field = input.amount !== undefined ? 'amount' : 'lineItems';
    throw new ValidationFailure([{ field, description: 'comes to nothing: a refund is more than 0', violatedRule: 'VALIDATION' }]);
  }
  if (refunded + amount > paid) {
    const refundable = toDecimal(paid - refunded, currency);
    throw new DomainError(CheckoutErrors.REFUND_EXCEEDS_PAYMENT, { orderId: row.id, requested: toDecimal(amount, currency), refundable });
  }
  const restocked = input.restock ? restockOf(row, lineItems) : [];
  const refund: StoredRefund = {
    id: crypto.randomUUID(),
    createdDate: now.toISOString(),
    amount: toDecimal(amount, currency),
    lineItems,
    reason: input.reason,
    restock: !!input.restock,
    restocked,
  };
  const values: Pick<Updateable<OrdersTable>, 'payment_status'> = {
    payment_status: refunded + amount === paid ? 'FULLY_REFUNDED' : 'PARTIALLY_REFUNDED',
  };
  return { refund, amount, values };
}
