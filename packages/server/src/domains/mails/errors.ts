import { defineErrors } from '../../platform/errors.js';

/** The mails domain's error codes (the merchant's outbox). */
export const MailErrors = defineErrors({
  MAIL_NOT_FOUND: { status: 404, message: 'Mail not found', description: 'No mail of the outbox has this id' },
  MAIL_NOT_FAILED: {
    status: 409,
    message: 'Mail is not failed',
    description: 'Only a mail the outbox gave up (failed) can be retried now; a pending one is retried on its own',
  },
});
