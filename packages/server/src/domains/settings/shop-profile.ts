/**
 * What a buyer reads of the shop beyond its name (issue #20): the time zone its dates are written in,
 * and who to ask and where the shop is, for the footers of its e-mails and order pages (commercial
 * mail in the EU must name the sender's postal address). A part the merchant did not set is absent,
 * never an empty string, so nothing renders an empty line for it.
 */
import { countryName } from '../../platform/address/country-names.js';
import { addressLine } from '../checkout/mails.js';
import type { ShopSettings } from './shop-settings.js';

export interface ShopProfile {
  shopName: string;
  /** IANA name; UTC when absent */
  timeZone?: string;
  contactEmail?: string;
  /** the postal address on one line ("1 Main St, Springfield, IL 62701, United States") */
  address?: string;
}

/** The shop's profile from its settings now. */
export function shopProfileOf(settings: Pick<ShopSettings, 'shopName' | 'timeZone' | 'contactEmail' | 'address'>): ShopProfile {
  const given = settings.address;
  const address = given
    ? addressLine({ ...given, country: given.country ? countryName(given.country) : undefined }) || given.formattedAddress
    : undefined;
  return {
    shopName: settings.shopName,
    timeZone: settings.timeZone,
    ...(settings.contactEmail ? { contactEmail: settings.contactEmail } : {}),
    ...(address ? { address } : {}),
  };
}
