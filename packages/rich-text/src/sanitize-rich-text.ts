/**
 * The catalogue's rich text (product descriptions, additional-info sections) is merchant HTML that the
 * storefront renders as HTML for every shopper, on the console's origin. Any API-key holder or import
 * file can write it, so it is reduced to an allowlist of formatting, by sanitize-html, when it is
 * written (`@vitrine/server`'s catalogue input) and again when the storefront's server renders it.
 * Server-side only: the storefront's browser bundle never loads this.
 */
import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

const require = createRequire(import.meta.url);

/** What every kept link carries: no `window.opener` for the target page, no endorsement for search engines. */
const LINK_REL = 'noopener nofollow';

/** The allowlist's options for sanitize-html (`sanitizeHtml.simpleTransform` builds the links' transform). */
const options = (sanitizeHtml: typeof SanitizeHtml): SanitizeHtml.IOptions => ({
  // Images are left out: a picture in copy loads from any host (a tracking pixel on every product
  // page), and the product's own pictures belong in its media, which the server stores and sizes.
  allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'h2', 'h3', 'h4', 'h5', 'h6', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  // Elements whose content is not text for a reader: dropped with the element, not shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'title'],
  transformTags: {
    // The page already has its one h1 (the product's name): a heading in the copy is a level below it.
    h1: 'h2',
    // Overwrites any rel the merchant gave.
    a: sanitizeHtml.simpleTransform('a', { rel: LINK_REL }),
  },
  // A link whose URL was refused (javascript:, data:) keeps its text, not an empty anchor.
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
});

/**
 * sanitize-html with the allowlist, loaded at the first call, not at start: with PostCSS it is ~0.5 MiB
 * of source that V8 keeps once loaded, and a server that only answers API reads never sanitises. It is
 * a CommonJS module, so `require` loads it synchronously and `sanitizeRichText` stays synchronous.
 */
let sanitizer: ((html: string) => string) | undefined;
function loadSanitizer(): (html: string) => string {
  const sanitizeHtml = require('sanitize-html') as typeof SanitizeHtml;
  const allowlist = options(sanitizeHtml);
  return (html) => sanitizeHtml(html, allowlist);
}

/**
 * Merchant HTML reduced to the shop's formatting: paragraphs, line breaks, lists, emphasis, blockquotes,
 * headings h2–h6 (h1 becomes h2) and links (http, https, mailto or relative, each with
 * `rel="noopener nofollow"`). Everything else goes: scripts and styles with their content, event
 * handlers and other attributes, images, frames, forms, `javascript:` and `data:` URLs. Text is kept.
 * Sanitising its own output gives the same string, so stored rich text passes the render-time pass unchanged.
 *
 * @example sanitizeRichText('<p onclick="steal()">Hi<script>steal()</script></p>') // '<p>Hi</p>'
 */
export function sanitizeRichText(html: string): string {
  sanitizer ??= loadSanitizer();
  return sanitizer(html);
}
