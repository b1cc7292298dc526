/**
 * Time slots as a buyer reads them: in the pickup location's own time zone (or the shop's when the
 * merchant set none), the day once, the hours ("Mon, Dec 1" and "9 AM – 12:30 PM"; a time on the hour
 * without ":00", so a slot fits a phone's select) and the zone's name once for the whole list
 * ("Eastern Time", "UTC"). `Intl.DateTimeFormat` does the calendar, the clock and the zone.
 */

/** A slot's day, its hours and the name of the zone they are in, all in `timeZone`. */
export function timeSlotText(
  slot: { from: string | Date; to: string | Date },
  timeZone = 'UTC',
  locale = 'en-US',
): { day: string; hours: string; zone: string } {
  const from = new Date(slot.from);
  const to = new Date(slot.to);
  const day = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', month: 'short', day: 'numeric' });
  const sameDay = day.format(from) === day.format(to);
  return {
    day: day.format(from),
    hours: `${clockText(from, timeZone, locale)} – ${sameDay ? '' : `${day.format(to)}, `}${clockText(to, timeZone, locale)}`,
    zone: zoneName(from, timeZone, locale),
  };
}

/** "9 AM" on the hour, "9:30 AM" otherwise: minutes as the zone's clock shows them (some zones are offset by 30 or 45). */
function clockText(date: Date, timeZone: string, locale: string): string {
  const withMinutes = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' });
  const onTheHour = withMinutes.formatToParts(date).find((part) => part.type === 'minute')?.value === '00';
  return onTheHour ? new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric' }).format(date) : withMinutes.format(date);
}

/**
 * The zone's name that holds all year ("Eastern Time", not EST or EDT: a list of slots may cross a
 * change of summer time); where the runtime knows no such name it answers an offset ("GMT+00:00"),
 * and the short name reads better then ("UTC", "GMT+9").
 */
function zoneName(date: Date, timeZone: string, locale: string): string {
  const named = (timeZoneName: 'longGeneric' | 'short') =>
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName }).formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ??
    timeZone;
  const generic = named('longGeneric');
  return generic.startsWith('GMT') ? named('short') : generic;
}

/**
 * A chosen slot in one line, its zone named: "Sun, Nov 29, 10 AM – 12 PM (Eastern Time)", as an order
 * shows the time the buyer chose (`shippingInfo.deliveryTimeSlot`, whose `timeZone` it reads; UTC
 * without one); '' when no time was chosen.
 */
export function chosenTimeText(
  slot: { from?: string | Date; to?: string | Date; timeZone?: string } | undefined,
  locale = 'en-US',
): string {
  if (!slot?.from || !slot.to) return '';
  const { day, hours, zone } = timeSlotText({ from: slot.from, to: slot.to }, slot.timeZone, locale);
  return `${day}, ${hours} (${zone})`;
}
