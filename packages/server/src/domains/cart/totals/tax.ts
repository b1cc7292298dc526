/**
 * Tax of one amount (a line after its discounts, or a shipping option after its discount) under every
 * rate that applies at the address. Tax-excluded prices: each jurisdiction taxes the amount and rounds
 * on its own. Tax-included prices: the tax inside the amount at the summed rate is rounded once, then
 * split between the jurisdictions by largest remainder in proportion to their rates, so the parts add
 * up to the line's tax exactly.
 */
import { addDecimals, applyRate, type Decimal, formatDecimal, includedPart, parseDecimal, ZERO } from '../../../platform/money/decimal.js';
import { allocate } from '../../../platform/money/money.js';
import type { JurisdictionTax, TaxOfAmount, TaxRateRule } from './model.js';

/** The tax of `amount` under `rates` (an empty list: untaxed, nothing taxable). */
export function taxOf(amount: bigint, rates: TaxRateRule[], included: boolean): TaxOfAmount {
  if (rates.length === 0) return { taxable: 0n, rate: '0', tax: 0n, breakdown: [] };
  const parsed = rates.map((rule) => parseDecimal(rule.rate));
  const total = parsed.reduce<Decimal>(addDecimals, ZERO);
  const rate = formatDecimal(total);
  if (!included) {
    const breakdown = rates.map((rate, i) => jurisdictionTax(rate, amount, applyRate(amount, parsed[i])));
    return { taxable: amount, rate, tax: breakdown.reduce((sum, taxPart) => sum + taxPart.tax, 0n), breakdown };
  }
  const tax = total.units > 0n ? includedPart(amount, total) : 0n;
  const net = amount - tax;
  const scale = total.scale;
  const weights = parsed.map((decimal) => decimal.units * 10n ** BigInt(scale - decimal.scale));
  const parts = weights.some((weight) => weight > 0n) ? allocate(tax, weights) : weights.map(() => 0n);
  return { taxable: net, rate, tax, breakdown: rates.map((rate, i) => jurisdictionTax(rate, net, parts[i])) };
}

function jurisdictionTax(rule: TaxRateRule, taxable: bigint, tax: bigint): JurisdictionTax {
  return { jurisdiction: rule.jurisdiction, jurisdictionType: rule.jurisdictionType, name: rule.name, rate: rule.rate, taxable, tax };
}

/** The taxes of many amounts summed per jurisdiction (the estimate's tax summary), in first-seen order. */
export function sumByJurisdiction(taxes: TaxOfAmount[]): JurisdictionTax[] {
  const byKey = new Map<string, JurisdictionTax>();
  for (const amountTax of taxes) {
    for (const taxPart of amountTax.breakdown) {
      const key = JSON.stringify([taxPart.jurisdictionType, taxPart.jurisdiction, taxPart.name, taxPart.rate]);
      const seen = byKey.get(key);
      if (seen) {
        seen.taxable += taxPart.taxable;
        seen.tax += taxPart.tax;
      } else byKey.set(key, { ...taxPart });
    }
  }
  return [...byKey.values()];
}
