/**
 * The shipping forms' state (strings as typed) and their conversions: a region's countries and
 * subdivisions as codes, an option's prices and weight tiers as exact decimal strings, its delivery
 * time slots as instants (typed in the merchant's time zone), each problem named by its field before
 * anything is sent.
 */
import type { ShippingKind, ShippingOptionSetting, ShippingRegion } from '@vitrine/sdk';
import { listItems } from './format.js';
import { localInput, readLocalInput } from './local-time.js';
import { currencyDecimals, parseAmount } from './product-draft.js';

export interface RegionDraft {
  name: string;
  /** as typed: codes separated by commas or spaces; `*` for the rest of the world */
  countries: string;
  subdivisions: string;
}

export type RegionErrors = Partial<Record<keyof RegionDraft, string>>;

const codes = (s: string) => listItems(s).map((c) => c.toUpperCase());

export const regionDraftOf = (r?: ShippingRegion): RegionDraft => ({
  name: r?.name ?? '',
  countries: (r?.countries ?? []).join(', '),
  subdivisions: (r?.subdivisions ?? []).join(', '),
});

export function regionOf(d: RegionDraft): { value: ShippingRegion } | { errors: RegionErrors } {
  const errors: RegionErrors = {};
  const countries = codes(d.countries);
  const subdivisions = codes(d.subdivisions);
  if (!d.name.trim()) errors.name = 'Name the region, like “Europe”.';
  if (!countries.length) errors.countries = 'List its countries (two letters each), or * for the rest of the world.';
  else if (countries.some((c) => !/^([A-Z]{2}|\*)$/.test(c))) errors.countries = 'Two letters per country, like DE or US, or * alone.';
  else if (countries.includes('*') && countries.length > 1) errors.countries = '* (the rest of the world) stands alone.';
  const bad = subdivisions.find((s) => !/^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(s));
  if (bad) errors.subdivisions = `${bad}: like US-NY, the country, a hyphen, the region’s code.`;
  else if (subdivisions.some((s) => !countries.includes(s.slice(0, 2))))
    errors.subdivisions = 'Each region code belongs to one of the countries above.';
  if (Object.keys(errors).length) return { errors };
  return { value: { name: d.name.trim(), countries, subdivisions } };
}

export interface TierDraft {
  key: string;
  upTo: string;
  price: string;
}

/** A delivery window buyers can choose, as `datetime-local` values. */
export interface SlotDraft {
  key: string;
  from: string;
  to: string;
}

/** As many slots as the server keeps for an option. */
export const MAX_SLOTS = 100;

export interface OptionDraft {
  code: string;
  title: string;
  kind: ShippingKind;
  price: string;
  tiers: TierDraft[];
  freeAbove: string;
  deliveryTime: string;
  timeSlots: SlotDraft[];
  pickupMethod: 'STORE_PICKUP' | 'PICKUP_POINT';
  addressLine: string;
  city: string;
  postalCode: string;
  country: string;
  instructions: string;
  /** the pickup location's IANA time zone ('' when not said: slots are shown in UTC) */
  timeZone: string;
  active: boolean;
}

export type OptionErrors = Partial<
  Record<keyof OptionDraft | `tiers.${number}` | `timeSlots.${number}.from` | `timeSlots.${number}.to`, string>
>;

let keys = 0;
export const newTier = (upTo = '', price = ''): TierDraft => ({ key: `t${++keys}`, upTo, price });
export const newSlot = (from = '', to = ''): SlotDraft => ({ key: `s${++keys}`, from, to });

export function optionDraftOf(o?: ShippingOptionSetting): OptionDraft {
  const address = o?.pickup?.address ?? {};
  return {
    code: o?.code ?? '',
    title: o?.title ?? '',
    kind: o?.kind ?? 'FLAT',
    price: o?.price ?? '',
    tiers: (o?.weightTiers ?? []).map((t) => newTier(t.upTo, t.price)),
    freeAbove: o?.freeAbove ?? '',
    deliveryTime: o?.deliveryTime ?? '',
    timeSlots: (o?.timeSlots ?? []).map((t) => newSlot(localInput(t.from), localInput(t.to))),
    pickupMethod: o?.pickup?.method ?? 'STORE_PICKUP',
    addressLine: address.addressLine ?? '',
    city: address.city ?? '',
    postalCode: address.postalCode ?? '',
    country: address.country ?? '',
    instructions: o?.pickup?.instructions ?? '',
    timeZone: o?.pickup?.timeZone ?? '',
    active: o?.active ?? true,
  };
}

/** The option to send (every field, so clearing one clears it), or the problems by field. */
export function shippingOptionOf(d: OptionDraft, currency: string): { value: ShippingOptionSetting } | { errors: OptionErrors } {
  const errors: OptionErrors = {};
  const decimals = currencyDecimals(currency);
  const money = (s: string) => parseAmount(s, decimals);
  const code = d.code.trim();
  if (!code) errors.code = 'Give the option a code, like “standard”.';
  else if (/\s/.test(code) || code.length > 64) errors.code = 'A code has no spaces and at most 64 characters.';
  if (!d.title.trim()) errors.title = 'Give the title buyers see, like “Standard delivery”.';
  const price = money(d.price);
  if (price === undefined || Number.isNaN(price))
    errors.price = d.kind === 'WEIGHT' ? 'The price above the last tier, like 30.' : 'The price, like 4.90 (0: free).';
  let last = -1;
  d.tiers.forEach((t, i) => {
    const upTo = parseAmount(t.upTo, 3);
    const tierPrice = money(t.price);
    if (upTo === undefined || Number.isNaN(upTo) || tierPrice === undefined || Number.isNaN(tierPrice))
      errors[`tiers.${i}`] = 'A weight and a price, like 5 and 12.';
    else if (upTo <= last) errors[`tiers.${i}`] = 'Each tier goes further than the one before.';
    else last = upTo;
  });
  if (d.kind === 'WEIGHT' && !d.tiers.length) errors.kind = 'Add at least one weight tier.';
  const freeAbove = money(d.freeAbove);
  if (Number.isNaN(freeAbove)) errors.freeAbove = 'An amount, or empty for never free.';
  if (d.kind === 'PICKUP' && d.country.trim() && !/^[A-Za-z]{2}$/.test(d.country.trim())) errors.country = 'Two letters, like DE.';
  const timeSlots = slotsOf(d.timeSlots, errors);
  if (Object.keys(errors).length) return { errors };

  const address = {
    ...(d.addressLine.trim() ? { addressLine: d.addressLine.trim() } : {}),
    ...(d.city.trim() ? { city: d.city.trim() } : {}),
    ...(d.postalCode.trim() ? { postalCode: d.postalCode.trim() } : {}),
    ...(d.country.trim() ? { country: d.country.trim().toUpperCase() } : {}),
  };
  return {
    value: {
      code,
      title: d.title.trim(),
      kind: d.kind,
      price: String(price),
      weightTiers: d.kind === 'WEIGHT' ? d.tiers.map((t) => ({ upTo: String(parseAmount(t.upTo, 3)), price: String(money(t.price)) })) : [],
      freeAbove: freeAbove === undefined ? null : String(freeAbove),
      deliveryTime: d.deliveryTime.trim() || null,
      timeSlots,
      pickup:
        d.kind === 'PICKUP'
          ? {
              method: d.pickupMethod,
              ...(Object.keys(address).length ? { address } : {}),
              ...(d.instructions.trim() ? { instructions: d.instructions.trim() } : {}),
              ...(d.timeZone ? { timeZone: d.timeZone } : {}),
            }
          : null,
      active: d.active,
    },
  };
}

/**
 * The slots as instants, in the order typed (buyers see them earliest first), each problem added to
 * `errors` under its slot's field: a missing or impossible date, an end not after the start, a slot
 * given twice (it would be offered twice under one code).
 */
function slotsOf(drafts: SlotDraft[], errors: OptionErrors): { from: Date; to: Date }[] {
  if (drafts.length > MAX_SLOTS) errors.timeSlots = `At most ${MAX_SLOTS} time slots.`;
  const slots: { from: Date; to: Date }[] = [];
  const seen = new Map<string, number>();
  drafts.forEach((t, i) => {
    const from = readLocalInput(t.from);
    const to = readLocalInput(t.to);
    if (!from) errors[`timeSlots.${i}.from`] = 'Pick the day and time the slot starts.';
    if (!to) errors[`timeSlots.${i}.to`] = 'Pick the day and time the slot ends.';
    if (!from || !to) return;
    const same = seen.get(`${from.getTime()}-${to.getTime()}`);
    if (to <= from) errors[`timeSlots.${i}.to`] = 'The slot ends after it starts.';
    else if (same !== undefined) errors[`timeSlots.${i}.from`] = `The same slot as slot ${same + 1}.`;
    else seen.set(`${from.getTime()}-${to.getTime()}`, i);
    slots.push({ from, to });
  });
  return slots;
}
