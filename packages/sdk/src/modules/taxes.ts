/**
 * `taxes`: how the shop charges tax, and its manual rates (Vitrine's merchant settings API; the spec
 * has no such calls). Merchant only: an API key or a merchant's console tokens.
 */
import type { TaxRate, TaxSettings } from '../types/index.js';
import { call } from './call.js';
import { under } from './conversions.js';

const BASE = '/_api/vitrine/v1';
const RATE_FIELDS = 'name,jurisdictionType,country,subdivision,county,city,postalCodes,rate,appliesToShipping';
const RATE = /* @__PURE__ */ under('taxRate', { dates: 'createdDate' });
const SETTINGS = /* @__PURE__ */ under('settings', { dates: 'updatedDate' });

export const taxes = {
  /** The shop's tax settings; resolves to them. */
  getTaxSettings: /* @__PURE__ */ call<() => Promise<TaxSettings>>({
    route: `GET ${BASE}/tax-settings`,
    response: SETTINGS,
    returns: 'settings',
  }),

  /** Changes the given settings; resolves to all of them. */
  updateTaxSettings: /* @__PURE__ */ call<(settings: TaxSettings) => Promise<TaxSettings>>({
    route: `PATCH ${BASE}/tax-settings`,
    args: ['settings{taxIncludedInPrices,taxMode,taxShipping}'],
    response: SETTINGS,
    returns: 'settings',
  }),

  /** The manual rates, by country (`country`: only that one's); resolves to the list. */
  listTaxRates: /* @__PURE__ */ call<(options?: { country?: string }) => Promise<TaxRate[]>>({
    route: `GET ${BASE}/tax-rates`,
    args: ['options{country}'],
    response: /* @__PURE__ */ under('taxRates', { dates: 'createdDate' }),
    returns: 'taxRates',
  }),

  /**
   * Adds a rate; resolves to it.
   * @example await client.taxes.createTaxRate({ name: 'New York', jurisdictionType: 'STATE', country: 'US', subdivision: 'US-NY', rate: '0.04' });
   */
  createTaxRate: /* @__PURE__ */ call<(taxRate: TaxRate) => Promise<TaxRate>>({
    route: `POST ${BASE}/tax-rates`,
    args: [`taxRate{${RATE_FIELDS}}`],
    response: RATE,
    returns: 'taxRate',
  }),

  /** Changes the given fields of a rate; resolves to it. */
  updateTaxRate: /* @__PURE__ */ call<(_id: string, taxRate: Partial<TaxRate>) => Promise<TaxRate>>({
    route: `PATCH ${BASE}/tax-rates/{id}`,
    args: ['_id', `taxRate{${RATE_FIELDS}}`],
    response: RATE,
    returns: 'taxRate',
  }),

  /** Deletes a rate. */
  deleteTaxRate: /* @__PURE__ */ call<(_id: string) => Promise<void>>({
    route: `DELETE ${BASE}/tax-rates/{id}`,
    args: ['_id'],
    returns: '-',
  }),
};
