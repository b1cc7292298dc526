/** @vitrine/rich-text: the catalogue's rich-text allowlist (re-exports only). */
export { sanitizeRichText } from './sanitize-rich-text.js';
