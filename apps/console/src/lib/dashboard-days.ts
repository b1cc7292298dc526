/** How the dashboard writes the shop's calendar days (YYYY-MM-DD): they are the shop's days, so read as UTC, never moved by the browser's zone. */
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

/** "26 Nov" */
export const shortDay = (date: string) =>
  new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(dayOf(date));

/** "26 November 2026" */
export const longDay = (date: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' }).format(dayOf(date));
