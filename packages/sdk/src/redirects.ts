/** `@vitrine/sdk/redirects`: redirect sessions to hosted pages. */
export { redirects } from './modules/redirects.js';
