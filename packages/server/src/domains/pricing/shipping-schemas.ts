/**
 * Request and answer schemas of the merchant's shipping configuration: regions (countries, optionally
 * narrowed to subdivisions; '*' is the rest of the world) and their options (flat, weight-based,
 * pickup). Cross-field rules (tiers ascending, a pickup's details, slots in order, subdivisions of
 * the region's countries) are the service's, so they hold for updates too.
 */
import { z } from 'zod';
import { RegionCountryCode, SubdivisionCode, withAddressRules } from '../../platform/address/address-rules.js';
import { Code, DecimalText, IsoDate, Money, Name } from './schemas.js';

const ignored = z.unknown().optional();
const Position = z.number().int().min(0).max(1_000_000);

const regionFields = {
  name: Name,
  countries: z.array(RegionCountryCode).min(1).max(300).describe("ISO 3166-1 alpha-2 codes, or ['*'] for the rest of the world"),
  subdivisions: z.array(SubdivisionCode).max(500).describe('ISO 3166-2 codes narrowing the countries; empty: the whole countries'),
  position: Position,
};
const regionComputed = { id: ignored, createdDate: ignored, options: ignored };
export const CreateRegionBody = z.strictObject({
  ...regionFields,
  subdivisions: regionFields.subdivisions.optional(),
  position: regionFields.position.optional(),
  ...regionComputed,
});
export type RegionInput = z.infer<typeof CreateRegionBody>;
export const UpdateRegionBody = z.strictObject({ ...z.object(regionFields).partial().shape, ...regionComputed });
export type RegionPatch = z.infer<typeof UpdateRegionBody>;

const WeightTier = z.strictObject({
  upTo: DecimalText.describe("up to this weight (the shop's weight unit), inclusive"),
  price: Money,
});
/** The IANA time zone names this runtime knows ("America/New_York"; "UTC", which the list leaves out). */
const TIME_ZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
const TimeZone = z
  .string()
  .max(64)
  .refine((zone) => TIME_ZONES.has(zone), 'an IANA time zone, like America/New_York');

const PickupDetails = z.strictObject({
  method: z.enum(['STORE_PICKUP', 'PICKUP_POINT']),
  address: withAddressRules(
    z.strictObject({
      addressLine: z.string().max(200).optional(),
      addressLine2: z.string().max(200).optional(),
      city: z.string().max(100).optional(),
      subdivision: z.string().max(10).optional(),
      country: z.string().max(2).optional(),
      postalCode: z.string().max(20).optional(),
    }),
  ).optional(),
  instructions: z.string().max(1000).optional(),
  timeZone: TimeZone.optional().describe("the location's IANA time zone: its time slots are shown in it"),
});
const TimeSlot = z.strictObject({ from: IsoDate, to: IsoDate });

const optionFields = {
  code: Code.describe('what a selected shipping option names; unique across regions'),
  title: Name,
  carrierId: z.string().trim().min(1).max(64),
  kind: z.enum(['FLAT', 'WEIGHT', 'PICKUP']),
  price: Money.describe('FLAT and PICKUP: the price; WEIGHT: the price above the last tier'),
  weightTiers: z.array(WeightTier).max(100).describe('WEIGHT: ascending by upTo'),
  freeAbove: Money.nullable().describe('free when the discounted subtotal reaches it'),
  deliveryTime: z.string().trim().min(1).max(200).nullable(),
  pickup: PickupDetails.nullable().describe('PICKUP: how and where'),
  timeSlots: z.array(TimeSlot).max(100),
  position: Position,
  active: z.boolean(),
};
const optionComputed = { id: ignored, regionId: ignored };
export const CreateOptionBody = z.strictObject({
  ...optionFields,
  carrierId: optionFields.carrierId.optional(),
  price: optionFields.price.optional(),
  weightTiers: optionFields.weightTiers.optional(),
  freeAbove: optionFields.freeAbove.optional(),
  deliveryTime: optionFields.deliveryTime.optional(),
  pickup: optionFields.pickup.optional(),
  timeSlots: optionFields.timeSlots.optional(),
  position: optionFields.position.optional(),
  active: optionFields.active.optional(),
  ...optionComputed,
});
export type OptionInput = z.infer<typeof CreateOptionBody>;
export const UpdateOptionBody = z.strictObject({ ...z.object(optionFields).partial().shape, ...optionComputed });
export type OptionPatch = z.infer<typeof UpdateOptionBody>;

export const OptionParams = z.strictObject({ id: z.uuid(), optionId: z.uuid() });

const ShippingOption = z.object({
  id: z.string(),
  regionId: z.string(),
  code: z.string(),
  title: z.string(),
  carrierId: z.string(),
  kind: z.enum(['FLAT', 'WEIGHT', 'PICKUP']),
  price: z.string(),
  weightTiers: z.array(z.object({ upTo: z.string(), price: z.string() })),
  freeAbove: z.string().nullable(),
  deliveryTime: z.string().nullable(),
  pickup: z
    .object({
      method: z.string(),
      address: z.record(z.string(), z.unknown()).optional(),
      instructions: z.string().optional(),
      timeZone: z.string().optional(),
    })
    .nullable(),
  timeSlots: z.array(z.object({ from: z.string(), to: z.string() })),
  position: z.number().int(),
  active: z.boolean(),
});
export type WireShippingOption = z.infer<typeof ShippingOption>;
const ShippingRegion = z.object({
  id: z.string(),
  name: z.string(),
  countries: z.array(z.string()),
  subdivisions: z.array(z.string()),
  position: z.number().int(),
  createdDate: z.string(),
  options: z.array(ShippingOption),
});
export type WireShippingRegion = z.infer<typeof ShippingRegion>;
export const RegionResponse = z.object({ region: ShippingRegion });
export const ListRegionsResponse = z.object({ regions: z.array(ShippingRegion) });
export const OptionResponse = z.object({ option: ShippingOption });
