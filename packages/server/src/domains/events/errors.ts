import { defineErrors } from '../../platform/errors.js';

/** The events domain's error codes (webhook administration). */
export const EventErrors = defineErrors({
  WEBHOOK_NOT_FOUND: { status: 404, message: 'Webhook not found', description: 'No webhook has this id' },
});
