import { defineErrors } from '../../platform/errors.js';

/** The customers domain's error codes (the merchant's customers API). */
export const CustomerErrors = defineErrors({
  CUSTOMER_NOT_FOUND: { status: 404, message: 'Not found', description: 'No member, and no order of a guest, has this id' },
});
