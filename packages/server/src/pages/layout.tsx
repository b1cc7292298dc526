import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from './static-markup.js';
import { stylesheet } from './styles.js';

/** What every hosted page gets from its route. */
export interface PageBase {
  /** Shown in the header and the title. */
  shopName: string;
  /** The request's CSP nonce (`style-src 'nonce-…'`): the inline stylesheet carries it. */
  nonce: string;
  /** The document language; `en` by default. */
  lang?: string;
}

/**
 * Where the ALTCHA widget comes from. Either build works under the pages' nonce-only `style-src`:
 * - the default bundle (`dist/main/altcha.min.js`) injects its `<style>` with the nonce it reads from
 *   `<meta name="csp-nonce">` (rendered with the captcha), and starts workers from `blob:` URLs, so
 *   the CSP needs `worker-src 'self' blob:`;
 * - the `external/` build needs `cssUrl` (`dist/external/altcha.css`, linked with the nonce), and
 *   `scriptUrl` must be a same-origin module that imports `external/altcha.min.js` and registers the
 *   algorithm workers (`$altcha.algorithms.set(...)`): no `blob:` needed.
 */
export interface CaptchaAssets {
  /** GET endpoint answering a fresh challenge (the widget's `challenge` attribute). */
  challengeUrl: string;
  /** Loaded as `<script type="module">` carrying the nonce (CSP `script-src 'self'` or the nonce). */
  scriptUrl: string;
  /** The external build's stylesheet, linked with the nonce. */
  cssUrl?: string;
}

interface LayoutProps extends PageBase {
  /** The page's own title; the document title is "<title> – <shopName>". */
  title: string;
  /** Prefixes the title with "Error: " so a screen reader hears the failure first. */
  hasErrors?: boolean;
  captcha?: CaptchaAssets;
  /** after `<main>`, the page's contentinfo landmark (the order pages' shop footer) */
  footer?: ReactNode;
  children: ReactNode;
}

/** The Vitrine mark as a data URL (the pages' CSP allows `data:` images). */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1f3a5f"/><path d="M8 9h4l4 11 4-11h4l-6.3 15h-3.4z" fill="#fff"/></svg>',
)}`;

/** The document shell: head with the nonce'd stylesheet, skip link, shop header and the `<main>` card. */
export function Layout({ shopName, nonce, lang = 'en', title, hasErrors, captcha, footer, children }: LayoutProps) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="color-scheme" content="light dark" />
        {/* inline: the hosted pages stand alone, and a browser asks /favicon.ico otherwise */}
        <link rel="icon" href={FAVICON} />
        <title>{`${hasErrors ? 'Error: ' : ''}${title} – ${shopName}`}</title>
        <style nonce={nonce}>{stylesheet}</style>
        {captcha && <meta name="csp-nonce" content={nonce} />}
        {captcha?.cssUrl && <link rel="stylesheet" href={captcha.cssUrl} nonce={nonce} />}
        {captcha && <script type="module" src={captcha.scriptUrl} nonce={nonce} />}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="site-header">{shopName}</header>
        <main id="main">
          <div className="card">{children}</div>
        </main>
        {footer}
      </body>
    </html>
  );
}

/** The complete HTML document for a page element (static markup: the pages work without client JS). */
export function renderDocument(page: ReactElement): string {
  return `<!doctype html>${renderToStaticMarkup(page)}`;
}
