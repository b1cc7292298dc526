/**
 * The merchant's tax configuration: the shop's tax settings and the manual rates. Every write forgets
 * what this process remembers of them for cart answers (deps.ts `PricingMemos`), so a change made here is
 * applied at once.
 */
import { DomainError } from '../../platform/errors.js';
import { isUuid, type MemoizedDeps, rejectViolations, writeRemembered } from './deps.js';
import { PricingErrors } from './errors.js';
import { type TaxRateShape, taxRateViolations } from './input-rules.js';
import type { TaxRateInput, TaxRatePatch, TaxSettingsPatch, WireTaxRate, WireTaxSettings } from './schemas.js';
import * as store from './store.js';
import { settingsView, taxRateView } from './views.js';

export class TaxAdmin {
  constructor(private readonly deps: MemoizedDeps) {}

  async settings(): Promise<WireTaxSettings> {
    return settingsView(await store.findSettings(this.deps.db));
  }

  /** Changes the given settings (tax included in prices, tax mode, shipping taxed). */
  async updateSettings(patch: TaxSettingsPatch): Promise<WireTaxSettings> {
    const row = await writeRemembered(this.deps, 'settings', (db) =>
      store.updateSettings(db, {
        ...(patch.taxIncludedInPrices !== undefined && { tax_included_in_prices: patch.taxIncludedInPrices }),
        ...(patch.taxMode !== undefined && { tax_mode: patch.taxMode }),
        ...(patch.taxShipping !== undefined && { tax_shipping: patch.taxShipping }),
      }),
    );
    return settingsView(row);
  }

  /** Adds a manual rate. @throws ValidationFailure (a place missing what its type needs, a subdivision of another country) */
  async createRate(input: TaxRateInput): Promise<WireTaxRate> {
    const shape: TaxRateShape = {
      jurisdictionType: input.jurisdictionType,
      country: input.country,
      subdivision: input.subdivision ?? null,
      county: input.county ?? null,
      city: input.city ?? null,
      postalCodes: input.postalCodes ?? [],
    };
    rejectViolations(taxRateViolations(shape));
    const row = await writeRemembered(this.deps, 'tax', (db) =>
      store.insertTaxRate(db, {
        name: input.name,
        ...columnsOf(shape),
        rate: input.rate,
        applies_to_shipping: input.appliesToShipping ?? true,
      }),
    );
    return taxRateView(row);
  }

  /** Every rate, by country; `country` narrows. */
  async listRates(country?: string): Promise<WireTaxRate[]> {
    return (await store.listTaxRates(this.deps.db, country)).map(taxRateView);
  }

  /** @throws DomainError TAX_RATE_NOT_FOUND */
  async getRate(id: string): Promise<WireTaxRate> {
    return taxRateView(await this.require(id));
  }

  /** @throws DomainError TAX_RATE_NOT_FOUND; ValidationFailure */
  async updateRate(id: string, patch: TaxRatePatch): Promise<WireTaxRate> {
    const before = await this.require(id);
    const shape: TaxRateShape = {
      jurisdictionType: patch.jurisdictionType ?? before.jurisdiction_type,
      country: patch.country ?? before.country,
      subdivision: patch.subdivision !== undefined ? patch.subdivision : before.subdivision,
      county: patch.county !== undefined ? patch.county : before.county,
      city: patch.city !== undefined ? patch.city : before.city,
      postalCodes: patch.postalCodes ?? before.postal_codes,
    };
    rejectViolations(taxRateViolations(shape));
    const row = await writeRemembered(this.deps, 'tax', (db) =>
      store.updateTaxRate(db, id, {
        ...columnsOf(shape),
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.rate !== undefined && { rate: patch.rate }),
        ...(patch.appliesToShipping !== undefined && { applies_to_shipping: patch.appliesToShipping }),
      }),
    );
    if (!row) throw new DomainError(PricingErrors.TAX_RATE_NOT_FOUND, { id });
    return taxRateView(row);
  }

  /** @throws DomainError TAX_RATE_NOT_FOUND */
  async deleteRate(id: string): Promise<void> {
    const gone = isUuid(id) && (await writeRemembered(this.deps, 'tax', (db) => store.deleteTaxRate(db, id)));
    if (!gone) throw new DomainError(PricingErrors.TAX_RATE_NOT_FOUND, { id });
  }

  private async require(id: string) {
    const row = isUuid(id) ? await store.findTaxRate(this.deps.db, id) : undefined;
    if (!row) throw new DomainError(PricingErrors.TAX_RATE_NOT_FOUND, { id });
    return row;
  }
}

function columnsOf(shape: TaxRateShape) {
  return {
    jurisdiction_type: shape.jurisdictionType,
    country: shape.country,
    subdivision: shape.subdivision,
    county: shape.county,
    city: shape.city,
    postal_codes: shape.postalCodes,
  };
}
