/**
 * `@vitrine/sdk/wording`: what an order or a checkout says to a person, worded once for every place
 * that shows it (the server's mails and hosted pages, the storefront's and the console's pages): a
 * line's options, a time slot, the shipping row of a summary, what a country calls its states and postal codes, and (for the apps, whose addresses have the client's shape) an address. A subpath of its own so the server takes these without loading the client.
 */
export { addressLines, recipientLines, regionText } from './wording/address-lines.js';
export { postalCodeLabel, postalCodeName, requiredRegionName } from './wording/address-part-names.js';
export { type LineOption, lineOptionsText } from './wording/line-options.js';
export { shippingRowLabel } from './wording/shipping-row.js';
export { chosenTimeText, timeSlotText } from './wording/time-slot.js';
