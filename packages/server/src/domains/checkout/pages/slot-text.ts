/**
 * Time slots as a buyer reads them: in the pickup location's own time zone (or the shop's when the
 * merchant set none), the day once and the hours with the zone's abbreviation: "Mon, Dec 1" and
 * "9:00 AM – 12:00 PM EST". `Intl.DateTimeFormat` does the calendar and the zone.
 */

/** A slot's day and its hours, in `timeZone`. */
export function slotText(slot: { from: string; to: string }, timeZone = 'UTC', locale = 'en-US'): { day: string; hours: string } {
  const from = new Date(slot.from);
  const to = new Date(slot.to);
  const day = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', month: 'short', day: 'numeric' });
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' });
  const end = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  const sameDay = day.format(from) === day.format(to);
  return {
    day: day.format(from),
    hours: `${time.format(from)} – ${sameDay ? '' : `${day.format(to)}, `}${end.format(to)}`,
  };
}
