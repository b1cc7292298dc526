import type { Address } from '@vitrine/sdk';
import { postalCodeLabel, requiredRegionName } from '@vitrine/sdk/wording';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useLocale } from '../lib/locale.js';

/** The countries offered first; the shop's regions decide which ones it ships to. */
const COUNTRIES = ['US', 'CA', 'GB', 'IE', 'DE', 'FR', 'IT', 'ES', 'NL', 'BE', 'AT', 'PT', 'SE', 'DK', 'AU', 'NZ', 'JP'];

interface Draft {
  country: string;
  subdivision: string;
  city: string;
  postalCode: string;
  addressLine1: string;
}

/** The address the estimate is asked for: empty fields left out, a bare state code made ISO 3166-2 ("IL" → "US-IL"). */
export function toAddress(draft: Draft): Address {
  const sub = draft.subdivision.trim().toUpperCase();
  const out: Address = { country: draft.country };
  if (sub) out.subdivision = sub.includes('-') ? sub : `${draft.country}-${sub}`;
  if (draft.city.trim()) out.city = draft.city.trim();
  if (draft.postalCode.trim()) out.postalCode = draft.postalCode.trim();
  if (draft.addressLine1.trim()) out.addressLine1 = draft.addressLine1.trim();
  return out;
}

function useCountryNames(locale: string) {
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = undefined;
    }
    return COUNTRIES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((left, right) =>
      left.name.localeCompare(right.name, locale),
    );
  }, [locale]);
}

/**
 * The shipping address for the estimate: country, state, city, postal code and street, every part but
 * the country optional. The state and the postal code are called what the chosen country calls them
 * ("State", "ZIP code"; "Province or territory", "Postal code"), as on the hosted checkout's form.
 */
export function CartAddressForm({ onEstimate, busy }: { onEstimate(address: Address): void; busy: boolean }) {
  const locale = useLocale();
  const countries = useCountryNames(locale);
  const id = useId();
  const [draft, setDraft] = useState<Draft>({ country: 'US', subdivision: '', city: '', postalCode: '', addressLine1: '' });
  const field = (name: keyof Draft) => ({
    id: `${id}-${name}`,
    name,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value })),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    onEstimate(toAddress(draft));
  }
  return (
    <form className="cart-address" onSubmit={submit} aria-label="Shipping address for the estimate">
      <div className="cart-field">
        <label htmlFor={`${id}-country`}>Country</label>
        <select {...field('country')} autoComplete="shipping country">
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
      <div className="cart-field">
        <label htmlFor={`${id}-subdivision`}>{requiredRegionName(draft.country) ?? 'State or region'}</label>
        <input
          {...field('subdivision')}
          autoComplete="shipping address-level1"
          placeholder={draft.country === 'US' ? 'e.g. NY' : undefined}
        />
      </div>
      <div className="cart-field">
        <label htmlFor={`${id}-city`}>City</label>
        <input {...field('city')} autoComplete="shipping address-level2" />
      </div>
      <div className="cart-field">
        <label htmlFor={`${id}-postalCode`}>{postalCodeLabel(draft.country)}</label>
        <input {...field('postalCode')} autoComplete="shipping postal-code" />
      </div>
      <div className="cart-field cart-field--wide">
        <label htmlFor={`${id}-addressLine1`}>Street address</label>
        <input {...field('addressLine1')} autoComplete="shipping address-line1" />
      </div>
      <button type="submit" className="button cart-field--wide" disabled={busy}>
        {busy ? 'Estimating…' : 'Estimate shipping and tax'}
      </button>
    </form>
  );
}
