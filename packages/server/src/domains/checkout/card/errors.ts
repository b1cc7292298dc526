import { defineErrors } from '../../../platform/errors.js';

/** Errors of card payments through Stripe (issue #20). */
export const CardPaymentErrors = defineErrors({
  CARD_PAYMENTS_OFF: { status: 404, message: 'Not found', description: 'Card payments are not set up in this shop' },
  STRIPE_SIGNATURE_INVALID: {
    status: 400,
    message: 'Invalid signature',
    description: 'The Stripe-Signature header does not sign this body with the endpoint’s secret',
  },
  CHECKOUT_PAID_OTHERWISE: {
    status: 409,
    message: 'Checkout already ordered',
    description: 'This checkout was already ordered and paid with another payment',
  },
  PAYMENT_NOT_FOR_CHECKOUT: {
    status: 400,
    message: 'Payment not for this checkout',
    description: 'This payment belongs to another checkout',
  },
});
