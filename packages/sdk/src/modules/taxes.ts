/**
 * `taxes`: how the shop charges tax, and its manual rates (Vitrine's merchant settings API; the spec
 * has no such calls). Merchant only: an API key or a merchant's console tokens.
 */
import type { TaxRate, TaxSettings } from '../types/index.js';
import { call } from './call.js';
import { under } from './conversions.js';

const BASE = '/_api/vitrine/v1';
const RATE_FIELDS = 'name,jurisdictionType,country,subdivision,county,city,postalCodes,rate,appliesToShipping';
const RATE = /* @__PURE__ */ under('taxRate', { d: 'createdDate' });
const SETTINGS = /* @__PURE__ */ under('settings', { d: 'updatedDate' });

export const taxes = {
  /** The shop's tax settings; resolves to them. */
  getTaxSettings: /* @__PURE__ */ call<() => Promise<TaxSettings>>({ r: `GET ${BASE}/tax-settings`, s: SETTINGS, o: 'settings' }),

  /** Changes the given settings; resolves to all of them. */
  updateTaxSettings: /* @__PURE__ */ call<(settings: TaxSettings) => Promise<TaxSettings>>({
    r: `PATCH ${BASE}/tax-settings`,
    a: ['settings{taxIncludedInPrices,taxMode,taxShipping}'],
    s: SETTINGS,
    o: 'settings',
  }),

  /** The manual rates, by country (`country`: only that one's); resolves to the list. */
  listTaxRates: /* @__PURE__ */ call<(options?: { country?: string }) => Promise<TaxRate[]>>({
    r: `GET ${BASE}/tax-rates`,
    a: ['options{country}'],
    s: /* @__PURE__ */ under('taxRates', { d: 'createdDate' }),
    o: 'taxRates',
  }),

  /**
   * Adds a rate; resolves to it.
   * @example await client.taxes.createTaxRate({ name: 'New York', jurisdictionType: 'STATE', country: 'US', subdivision: 'US-NY', rate: '0.04' });
   */
  createTaxRate: /* @__PURE__ */ call<(taxRate: TaxRate) => Promise<TaxRate>>({
    r: `POST ${BASE}/tax-rates`,
    a: [`taxRate{${RATE_FIELDS}}`],
    s: RATE,
    o: 'taxRate',
  }),

  /** Changes the given fields of a rate; resolves to it. */
  updateTaxRate: /* @__PURE__ */ call<(_id: string, taxRate: Partial<TaxRate>) => Promise<TaxRate>>({
    r: `PATCH ${BASE}/tax-rates/{id}`,
    a: ['_id', `taxRate{${RATE_FIELDS}}`],
    s: RATE,
    o: 'taxRate',
  }),

  /** Deletes a rate. */
  deleteTaxRate: /* @__PURE__ */ call<(_id: string) => Promise<void>>({ r: `DELETE ${BASE}/tax-rates/{id}`, a: ['_id'], o: '-' }),
};
