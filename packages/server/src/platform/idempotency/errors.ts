import { defineErrors } from '../errors.js';

/** Errors of idempotent calls (add-to-cart, create-checkout). */
export const IdempotencyErrors = defineErrors({
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'Idempotency key reused',
    description: 'This Idempotency-Key was already used with a different request body',
  },
});
