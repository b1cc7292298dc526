/**
 * The dashboard's period: whole days in the shop's time zone, given as the last `days` days up to
 * today there, or as a `from`–`to` range of calendar days (both included).
 */

/** The longest period a dashboard covers, in days (a leap year). */
export const MAX_PERIOD_DAYS = 366;

/** A range of calendar days (YYYY-MM-DD, both included) in `timeZone`. */
export interface Period {
  from: string;
  to: string;
  timeZone: string;
}

const DAY_MS = 86_400_000;

/** A calendar day (YYYY-MM-DD) as the UTC midnight that starts it, for day arithmetic only. */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The calendar day `offset` days after `day` (before, when negative). */
const addDays = (day: string, offset: number) => dayText(dayStart(day) + offset * DAY_MS);

/** How many days `from`–`to` covers, both included (0 or less when `to` is before `from`). */
export const daysBetween = (from: string, to: string) => Math.round((dayStart(to) - dayStart(from)) / DAY_MS) + 1;

/** Today's date where the shop is (en-CA formats as YYYY-MM-DD). */
const todayIn = (timeZone: string, now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);

/** Every day of the period, in order. */
export function daysOf(period: Pick<Period, 'from' | 'to'>): string[] {
  return Array.from({ length: daysBetween(period.from, period.to) }, (_, i) => addDays(period.from, i));
}

/** The period a request names: `from`–`to` when given, else the last `days` days (today included). */
export function periodOf(asked: { days?: number; from?: string; to?: string }, timeZone: string, now: Date): Period {
  if (asked.from && asked.to) return { from: asked.from, to: asked.to, timeZone };
  const to = todayIn(timeZone, now);
  return { from: addDays(to, -((asked.days ?? 30) - 1)), to, timeZone };
}
