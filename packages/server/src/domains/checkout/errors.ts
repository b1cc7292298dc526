import { defineErrors } from '../../platform/errors.js';

/** Errors of checkouts, order placement, the orders read API and the merchant's order actions. */
export const CheckoutErrors = defineErrors({
  CHECKOUT_NOT_FOUND: { status: 404, message: 'Not found', description: 'Checkout not found' },
  ORDER_NOT_FOUND: { status: 404, message: 'Not found', description: 'Order not found' },
  INSUFFICIENT_STOCK: {
    status: 409,
    message: 'Insufficient stock',
    description: 'Some items are no longer in stock in the quantity ordered',
  },
  CHECKOUT_INCOMPLETE: {
    status: 400,
    message: 'Checkout incomplete',
    description: 'The checkout needs an e-mail, an address and a shipping option before the order can be placed',
  },
  PAYMENT_METHOD_NOT_AVAILABLE: {
    status: 400,
    message: 'Payment method not available',
    description: 'This payment method cannot be used for this checkout',
  },
  TOTALS_CHANGED: {
    status: 409,
    message: 'Totals changed',
    description: 'The total changed since it was shown: nothing was charged; check the new total and place the order again',
  },
  SHIPPING_OPTION_NOT_AVAILABLE: {
    status: 400,
    message: 'Shipping option not available',
    description: 'The selected shipping option does not deliver to this address',
  },
  ORDER_ALREADY_PAID: { status: 409, message: 'Order already paid', description: 'The order is already marked as paid' },
  ORDER_ALREADY_FULFILLED: { status: 409, message: 'Order already fulfilled', description: 'The order is already fulfilled' },
  ORDER_ALREADY_CANCELED: { status: 409, message: 'Order already canceled', description: 'The order is already canceled' },
  ORDER_CANCELED: {
    status: 409,
    message: 'Order canceled',
    description: 'The order is canceled: it cannot be marked as paid or fulfilled',
  },
  ORDER_FULFILLED: {
    status: 409,
    message: 'Order fulfilled',
    description: 'The order is fulfilled: a fulfilled order cannot be canceled',
  },
  ORDER_NOTE_NOT_FOUND: { status: 404, message: 'Not found', description: 'The order has no such note (or it was removed)' },
  ORDER_LINE_NOT_FOUND: { status: 400, message: 'Order line not found', description: 'The order has no line with this id' },
  FULFILLMENT_EXCEEDS_ORDER: {
    status: 409,
    message: 'Fulfilment exceeds the order',
    description: 'More units than remain to be fulfilled on this line: nothing was recorded',
  },
  ORDER_NOT_PAID: { status: 409, message: 'Order not paid', description: 'Only a paid order can be refunded' },
  ORDER_FULLY_REFUNDED: {
    status: 409,
    message: 'Order fully refunded',
    description: 'Everything paid for this order was refunded already',
  },
  REFUND_EXCEEDS_PAYMENT: {
    status: 409,
    message: 'Refund exceeds the payment',
    description: 'The refunds would come to more than was paid: nothing was refunded',
  },
  REFUND_EXCEEDS_ORDER: {
    status: 409,
    message: 'Refund exceeds the order',
    description: 'More units than remain to be refunded on this line: nothing was refunded',
  },
  STOCK_ALREADY_RETURNED: {
    status: 409,
    message: 'Stock already returned',
    description: 'The order is canceled: its stock went back when it was canceled, so a refund cannot restock it',
  },
});
