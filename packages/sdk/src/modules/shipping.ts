/**
 * `shipping`: where the shop ships and how it prices it (Vitrine's merchant settings API; the spec has
 * no such calls). Merchant only: an API key or a merchant's console tokens.
 */
import type { ShippingOptionSetting, ShippingRegion } from '../types/index.js';
import { call } from './call.js';
import { under } from './conversions.js';

const BASE = '/_api/vitrine/v1/shipping-regions';
const REGION_FIELDS = 'name,countries,subdivisions,position';
const OPTION_FIELDS = 'code,title,carrierId,kind,price,weightTiers,freeAbove,deliveryTime,pickup,timeSlots,position,active';
const REGION_DATES = { dates: 'createdDate options.timeSlots.from options.timeSlots.to' };
const SLOTS = { dates: 'timeSlots.from timeSlots.to' };

export const shipping = {
  /** Every region with its options, by position; resolves to the list. */
  listShippingRegions: /* @__PURE__ */ call<() => Promise<ShippingRegion[]>>({
    route: `GET ${BASE}`,
    response: /* @__PURE__ */ under('regions', REGION_DATES),
    returns: 'regions',
  }),

  /**
   * Adds a region; resolves to it.
   * @example await client.shipping.createShippingRegion({ name: 'Benelux', countries: ['BE', 'NL', 'LU'] });
   */
  createShippingRegion: /* @__PURE__ */ call<(region: ShippingRegion) => Promise<ShippingRegion>>({
    route: `POST ${BASE}`,
    args: [`region{${REGION_FIELDS}}`],
    response: /* @__PURE__ */ under('region', REGION_DATES),
    returns: 'region',
  }),

  /** Changes the given fields of a region; resolves to it. */
  updateShippingRegion: /* @__PURE__ */ call<(_id: string, region: Partial<ShippingRegion>) => Promise<ShippingRegion>>({
    route: `PATCH ${BASE}/{id}`,
    args: ['_id', `region{${REGION_FIELDS}}`],
    response: /* @__PURE__ */ under('region', REGION_DATES),
    returns: 'region',
  }),

  /** Deletes a region and its options. */
  deleteShippingRegion: /* @__PURE__ */ call<(_id: string) => Promise<void>>({ route: `DELETE ${BASE}/{id}`, args: ['_id'], returns: '-' }),

  /** Adds a way to ship to the region; resolves to it. */
  createShippingOption: /* @__PURE__ */ call<(regionId: string, option: ShippingOptionSetting) => Promise<ShippingOptionSetting>>({
    route: `POST ${BASE}/{regionId}/options`,
    args: ['regionId', `option{${OPTION_FIELDS}}`],
    request: SLOTS,
    response: /* @__PURE__ */ under('option', SLOTS),
    returns: 'option',
  }),

  /** Changes the given fields of an option; resolves to it. */
  updateShippingOption: /* @__PURE__ */ call<
    (regionId: string, _id: string, option: Partial<ShippingOptionSetting>) => Promise<ShippingOptionSetting>
  >({
    route: `PATCH ${BASE}/{regionId}/options/{id}`,
    args: ['regionId', '_id', `option{${OPTION_FIELDS}}`],
    request: SLOTS,
    response: /* @__PURE__ */ under('option', SLOTS),
    returns: 'option',
  }),

  /** Deletes an option. */
  deleteShippingOption: /* @__PURE__ */ call<(regionId: string, _id: string) => Promise<void>>({
    route: `DELETE ${BASE}/{regionId}/options/{id}`,
    args: ['regionId', '_id'],
    returns: '-',
  }),
};
