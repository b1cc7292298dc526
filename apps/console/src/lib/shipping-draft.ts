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

const codes = (text: string) => listItems(text).map((code) => code.toUpperCase());

export const regionDraftOf = (region?: ShippingRegion): RegionDraft => ({
  name: region?.name ?? '',
  countries: (region?.countries ?? []).join(', '),
  subdivisions: (region?.subdivisions ?? []).join(', '),
});

export function regionOf(draft: RegionDraft): { value: ShippingRegion } | { errors: RegionErrors } {
  const errors: RegionErrors = {};
  const countries = codes(draft.countries);
  const subdivisions = codes(draft.subdivisions);
  if (!draft.name.trim()) errors.name = 'Name the region, like “Europe”.';
  if (!countries.length) errors.countries = 'List its countries (two letters each), or * for the rest of the world.';
  else if (countries.some((country) => !/^([A-Z]{2}|\*)$/.test(country)))
    errors.countries = 'Two letters per country, like DE or US, or * alone.';
  else if (countries.includes('*') && countries.length > 1) errors.countries = '* (the rest of the world) stands alone.';
  const bad = subdivisions.find((subdivision) => !/^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(subdivision));
  if (bad) errors.subdivisions = `${bad}: like US-NY, the country, a hyphen, the region’s code.`;
  else if (subdivisions.some((subdivision) => !countries.includes(subdivision.slice(0, 2))))
    errors.subdivisions = 'Each region code belongs to one of the countries above.';
  if (Object.keys(errors).length) return { errors };
  return { value: { name: draft.name.trim(), countries, subdivisions } };
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

export function optionDraftOf(option?: ShippingOptionSetting): OptionDraft {
  const address = option?.pickup?.address ?? {};
  return {
    code: option?.code ?? '',
    title: option?.title ?? '',
    kind: option?.kind ?? 'FLAT',
    price: option?.price ?? '',
    tiers: (option?.weightTiers ?? []).map((tier) => newTier(tier.upTo, tier.price)),
    freeAbove: option?.freeAbove ?? '',
    deliveryTime: option?.deliveryTime ?? '',
    timeSlots: (option?.timeSlots ?? []).map((slot) => newSlot(localInput(slot.from), localInput(slot.to))),
    pickupMethod: option?.pickup?.method ?? 'STORE_PICKUP',
    addressLine: address.addressLine ?? '',
    city: address.city ?? '',
    postalCode: address.postalCode ?? '',
    country: address.country ?? '',
    instructions: option?.pickup?.instructions ?? '',
    timeZone: option?.pickup?.timeZone ?? '',
    active: option?.active ?? true,
  };
}

/** The option to send (every field, so clearing one clears it), or the problems by field. */
export function shippingOptionOf(draft: OptionDraft, currency: string): { value: ShippingOptionSetting } | { errors: OptionErrors } {
  const errors: OptionErrors = {};
  const decimals = currencyDecimals(currency);
  const money = (text: string) => parseAmount(text, decimals);
  const code = draft.code.trim();
  if (!code) errors.code = 'Give the option a code, like “standard”.';
  else if (/\s/.test(code) || code.length > 64) errors.code = 'A code has no spaces and at most 64 characters.';
  if (!draft.title.trim()) errors.title = 'Give the title buyers see, like “Standard delivery”.';
  const price = money(draft.price);
  if (price === undefined || Number.isNaN(price))
    errors.price = draft.kind === 'WEIGHT' ? 'The price above the last tier, like 30.' : 'The price, like 4.90 (0: free).';
  let last = -1;
  draft.tiers.forEach((tier, i) => {
    const upTo = parseAmount(tier.upTo, 3);
    const tierPrice = money(tier.price);
    if (upTo === undefined || Number.isNaN(upTo) || tierPrice === undefined || Number.isNaN(tierPrice))
      errors[`tiers.${i}`] = 'A weight and a price, like 5 and 12.';
    else if (upTo <= last) errors[`tiers.${i}`] = 'Each tier goes further than the one before.';
    else last = upTo;
  });
  if (draft.kind === 'WEIGHT' && !draft.tiers.length) errors.kind = 'Add at least one weight tier.';
  const freeAbove = money(draft.freeAbove);
  if (Number.isNaN(freeAbove)) errors.freeAbove = 'An amount, or empty for never free.';
  if (draft.kind === 'PICKUP' && draft.country.trim() && !/^[A-Za-z]{2}$/.test(draft.country.trim()))
    errors.country = 'Two letters, like DE.';
  const timeSlots = slotsOf(draft.timeSlots, errors);
  if (Object.keys(errors).length) return { errors };

  const address = {
    ...(draft.addressLine.trim() ? { addressLine: draft.addressLine.trim() } : {}),
    ...(draft.city.trim() ? { city: draft.city.trim() } : {}),
    ...(draft.postalCode.trim() ? { postalCode: draft.postalCode.trim() } : {}),
    ...(draft.country.trim() ? { country: draft.country.trim().toUpperCase() } : {}),
  };
  return {
    value: {
      code,
      title: draft.title.trim(),
      kind: draft.kind,
      price: String(price),
      weightTiers:
        draft.kind === 'WEIGHT'
          ? draft.tiers.map((tier) => ({ upTo: String(parseAmount(tier.upTo, 3)), price: String(money(tier.price)) }))
          : [],
      freeAbove: freeAbove === undefined ? null : String(freeAbove),
      deliveryTime: draft.deliveryTime.trim() || null,
      timeSlots,
      pickup:
        draft.kind === 'PICKUP'
          ? {
              method: draft.pickupMethod,
              ...(Object.keys(address).length ? { address } : {}),
              ...(draft.instructions.trim() ? { instructions: draft.instructions.trim() } : {}),
              ...(draft.timeZone ? { timeZone: draft.timeZone } : {}),
            }
          : null,
      active: draft.active,
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
  drafts.forEach((draft, i) => {
    const from = readLocalInput(draft.from);
    const to = readLocalInput(draft.to);
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
