/** An address, and who receives or pays there, as a page writes them, one piece per line: the storefront's and the console's order pages. */
import type { Address } from '../types/address.js';
import type { ContactDetails } from '../types/cart.js';

/**
 * The state or region as people write it beside their country: the ISO 3166-2 code without the
 * country's prefix ("US-NY" with US is "NY"), any other text as it is.
 * @example regionText('US-NY', 'US') // 'NY'
 */
export function regionText(subdivision: string | null | undefined, country: string | null | undefined): string | undefined {
  if (!subdivision) return undefined;
  return country && subdivision.startsWith(`${country}-`) ? subdivision.slice(country.length + 1) : subdivision;
}

/**
 * The street (its first line, or number and name), the second line, "postal code city", then
 * "region, country"; the one-line `formatted` form when none of those is known. [] for no address.
 * @example addressLines({ addressLine1: '148 Mercer St', city: 'New York', postalCode: '10012', subdivision: 'US-NY', country: 'US' })
 *   // ['148 Mercer St', '10012 New York', 'NY, US']
 */
export function addressLines(address: Address | undefined): string[] {
  if (!address) return [];
  const street =
    address.addressLine1 || [address.streetAddress?.number, address.streetAddress?.name].filter(Boolean).join(' ') || undefined;
  const lines = [
    street,
    address.addressLine2,
    [address.postalCode, address.city].filter(Boolean).join(' '),
    [regionText(address.subdivision, address.country), address.country].filter(Boolean).join(', '),
  ].filter((line): line is string => !!line);
  return lines.length ? lines : address.formatted ? [address.formatted] : [];
}

/**
 * Who (name, company) and where, then the phone: each on its line.
 * @example recipientLines(address, { firstName: 'Ada', lastName: 'Lovelace', phone: '+1 555 0100' })
 *   // ['Ada Lovelace', '1 Main St', '62701 Springfield', 'IL, US', '+1 555 0100']
 */
export function recipientLines(address: Address | undefined, contact: ContactDetails | undefined): string[] {
  const name = [contact?.firstName, contact?.lastName].filter(Boolean).join(' ');
  return [name, contact?.company, ...addressLines(address), contact?.phone].filter((line): line is string => !!line);
}
