import { serverMessage } from './cart-error-message.js';

/** A failed apply-coupon call as the SDK reports it (`VitrineError`). */
interface CouponError {
  message: string;
  details?: { applicationError?: { description?: string; code?: string | number; data?: Record<string, unknown> | null } };
}

/**
 * Why the server refused a coupon code, in plain words (issue #19): an expired or not yet valid
 * coupon with its date in the shopper's language, a used-up one; any other refusal in the server's
 * own words ("No coupon has this code").
 */
export function couponRefusal(error: CouponError, locale: string): string {
  const refusal = error.details?.applicationError;
  const dateOf = (value: unknown) =>
    typeof value === 'string' && !Number.isNaN(Date.parse(value))
      ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(value))
      : undefined;
  const ended = dateOf(refusal?.data?.expiresAt);
  const starts = dateOf(refusal?.data?.startsAt);
  if (refusal?.code === 'COUPON_EXPIRED' && ended) return `This coupon has expired: it ended on ${ended}.`;
  if (refusal?.code === 'COUPON_NOT_ACTIVE' && starts) return `This coupon is not valid yet: it can be used from ${starts}.`;
  if (refusal?.code === 'COUPON_USAGE_EXCEEDED') return 'This coupon has reached its usage limit.';
  return serverMessage(error);
}
