/**
 * Which shipping region an address falls in, and its options as the totals engine quotes them. A
 * region names countries and may narrow them to subdivisions; the most specific match wins, then
 * the lowest position; the rest-of-world region ('*') serves addresses no other region names.
 */
import { toMinor } from '../../platform/money/money.js';
import type { ShippingRate } from '../cart/totals/model.js';
import type { Place } from './address.js';
import { plainDecimal } from './decimal-text.js';
import type { OptionRow, RegionRow } from './shipping-store.js';

export const REST_OF_WORLD = '*';

/** The region of the place among `regions` (ordered by position), or undefined. */
export function regionFor(regions: RegionRow[], place: Place): RegionRow | undefined {
  const { country, subdivision } = place;
  if (!country) return undefined;
  const naming = regions.filter((region) => region.countries.includes(country));
  const narrowed = naming.find(
    (region) => region.subdivisions.length > 0 && subdivision !== undefined && region.subdivisions.includes(subdivision),
  );
  if (narrowed) return narrowed;
  const whole = naming.find((region) => region.subdivisions.length === 0);
  if (whole) return whole;
  return regions.find((region) => region.countries.includes(REST_OF_WORLD));
}

/**
 * An option as the engine quotes it, with its time slots that are not over (slots in the past are no
 * longer offered); the totals engine offers each slot as an option of its own.
 */
export function toShippingRate(option: OptionRow, currency: string, now: Date): ShippingRate {
  const rate: ShippingRate = {
    code: option.code,
    title: option.title,
    carrierId: option.carrier_id,
    kind: option.kind,
    price: toMinor(option.price, currency),
    weightTiers: option.weight_tiers.map((tier) => ({ upTo: plainDecimal(String(tier.upTo)), price: toMinor(tier.price, currency) })),
  };
  if (option.free_above !== null) rate.freeAbove = toMinor(option.free_above, currency);
  if (option.delivery_time) rate.deliveryTime = option.delivery_time;
  if (option.pickup) rate.pickup = option.pickup;
  const slots = upcomingSlots(option.time_slots, now);
  if (slots.length > 0) {
    rate.timeSlot = slots[0];
    rate.timeSlots = slots;
  }
  return rate;
}

/** The slots that have not ended at `now`, earliest first. */
function upcomingSlots(slots: { from: string; to: string }[], now: Date): { from: string; to: string }[] {
  return slots.filter((slot) => Date.parse(slot.to) > now.getTime()).sort((left, right) => Date.parse(left.from) - Date.parse(right.from));
}
