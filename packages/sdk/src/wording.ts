/**
 * `@vitrine/sdk/wording`: what an order or a checkout says to a person, worded once for every place
 * that shows it (the server's mails and hosted pages, the storefront's and the console's pages): a
 * line's options and a time slot. A subpath of its own so the server takes these without loading the client.
 */
export { type LineOption, lineOptionsText } from './wording/line-options.js';
export { chosenTimeText, timeSlotText } from './wording/time-slot.js';
