/** `@vitrine/sdk/search`: product search with facets and suggestions (a Vitrine extension; issue #22). */
export { search } from './modules/search.js';
