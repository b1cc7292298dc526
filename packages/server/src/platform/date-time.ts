import { z } from 'zod';

/**
 * ISO 8601 date-times with an explicit zone, checked exactly: a day the calendar has (no
 * 2024-02-30, no 2023-02-29), year 1 or later (PostgreSQL has no year 0), hours 0–23 and an offset
 * PostgreSQL takes (at most 15:59). JavaScript's `Date.parse` rolls 2024-02-30 over to March 1 and
 * the database refuses it: every date a client sends is checked here first.
 */
const DATE_TIME =
  /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})T(?<hour>\d{2}):(?<minute>\d{2})(?::(?<second>\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](?<offsetHour>\d{2}):?(?<offsetMinute>\d{2}))$/;

/** The last day of a month (1–12) of a year, by the proleptic Gregorian calendar. */
const lastDayOf = (year: number, month: number) => {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
};

/** Whether `value` is a date-time with a zone that names a real instant PostgreSQL can store. */
export function isExactDateTime(value: string): boolean {
  const groups = DATE_TIME.exec(value)?.groups;
  if (!groups) return false;
  const [year, month, day] = [Number(groups.year), Number(groups.month), Number(groups.day)];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > lastDayOf(year, month)) return false;
  if (Number(groups.hour) > 23 || Number(groups.minute) > 59 || Number(groups.second ?? 0) > 59) return false;
  return Number(groups.offsetHour ?? 0) <= 15 && Number(groups.offsetMinute ?? 0) <= 59;
}

/** What a violation says about a date-time that is not one. */
export const DATE_TIME_RULE = 'must be an ISO 8601 date-time with a zone, e.g. 2024-01-31T12:00:00Z';

/**
 * A date-time field of a request, checked by isExactDateTime alone: one violation for a bad value, and
 * not an aborting one, so the object's own rules (a field required by another) are still reported.
 */
export function exactDateTime(message = DATE_TIME_RULE) {
  return z.string().refine(isExactDateTime, { message, params: { rule: 'FORMAT', data: { type: 'DATETIME' } } });
}

/**
 * An instant as a reader in `timeZone` (IANA, the shop's) reads it, the zone named or its offset
 * shown: "26 November 2026, 14:05 CET", "27 November 2026, 12:30 GMT+13". Every date a buyer or
 * merchant reads in an e-mail or a hosted page is written by this; a shop that set no zone is in UTC
 * (never the server's own zone).
 */
export function formatLocalDateTime(instant: Date | string, timeZone = 'UTC'): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'long' }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });
  return `${day}, ${time.format(at)}`;
}
