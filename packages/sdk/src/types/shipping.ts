/** How a shipping option is priced: one price, by weight tiers, or a pickup. */
export type ShippingKind = 'FLAT' | 'WEIGHT' | 'PICKUP';

/** Up to a weight (inclusive, the shop's weight unit), this price. */
export interface ShippingWeightTier {
  upTo: string;
  price: string;
}

/** A delivery window the buyer can choose. */
export interface ShippingTimeSlot {
  from: Date;
  to: Date;
}

/** A pickup option's how and where. */
export interface ShippingPickup {
  method: 'STORE_PICKUP' | 'PICKUP_POINT';
  address?: { addressLine?: string; addressLine2?: string; city?: string; subdivision?: string; country?: string; postalCode?: string };
  instructions?: string;
  /** the location's IANA time zone ("America/New_York"): buyers see its time slots in it */
  timeZone?: string;
}

/** A way to ship to a region (Vitrine's merchant settings; amounts are decimal strings). */
export interface ShippingOptionSetting {
  _id?: string;
  regionId?: string;
  /** what a selected shipping option names; unique across regions */
  code?: string;
  title?: string;
  carrierId?: string;
  kind?: ShippingKind;
  /** FLAT and PICKUP: the price; WEIGHT: the price above the last tier */
  price?: string;
  /** WEIGHT: ascending by `upTo` */
  weightTiers?: ShippingWeightTier[];
  /** free when the discounted subtotal reaches it */
  freeAbove?: string | null;
  deliveryTime?: string | null;
  pickup?: ShippingPickup | null;
  timeSlots?: ShippingTimeSlot[];
  position?: number;
  active?: boolean;
}

/** Countries (or subdivisions of them; `['*']`: the rest of the world) and the ways to ship there. */
export interface ShippingRegion {
  _id?: string;
  name?: string;
  countries?: string[];
  /** ISO 3166-2 codes narrowing the countries; empty: the whole countries */
  subdivisions?: string[];
  position?: number;
  _createdDate?: Date;
  options?: ShippingOptionSetting[];
}
