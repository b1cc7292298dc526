import { z } from 'zod';
import { ORDER_MAIL_KINDS } from '../../mails/mail-data.js';
import { MerchantErrorResponses } from '../../platform/http/error-schemas.js';

const MailKind = z.enum(ORDER_MAIL_KINDS).describe('which of the buyer’s mails');

export const PreviewParams = z.strictObject({ kind: MailKind });
export const PreviewQuery = z.strictObject({
  kind: z.string().max(100).optional().describe("the path's kind again (the SDK repeats it)"),
  orderId: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('the order shown (id or number); absent: the newest order, or a sample while there is none'),
});

export const PreviewResponse = z.object({
  preview: z.object({
    kind: MailKind,
    orderId: z.string().nullable().describe('the order shown; null: the sample order'),
    subject: z.string(),
    html: z.string().describe('the HTML document as it would be sent'),
    text: z.string().describe('the plain-text part as it would be sent'),
  }),
});

/** A mail of the outbox as the merchant sees it. */
const OutboxMail = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  orderId: z.string().nullable(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'failed']).describe('pending: waiting or to be retried; failed: given up after the last attempt'),
  attempts: z.number().int(),
  lastError: z.string().nullable().describe('why the last attempt failed'),
  nextAttemptDate: z.iso.datetime().nullable().describe('pending: when the next attempt is due'),
  sentDate: z.iso.datetime().nullable(),
  createdDate: z.iso.datetime(),
});

export const OutboxQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('most recent mails answered (1–200, default 50)'),
});
export const OutboxResponse = z.object({ mails: z.array(OutboxMail) });

export const MailIdParams = z.strictObject({ id: z.uuid() });
export const RetryBody = z.strictObject({ id: z.string().max(100).optional() }).nullish();
export const RetryResponse = z.object({ mail: OutboxMail });

/** Errors of the merchant routes. */
export const ErrorResponses = MerchantErrorResponses;
