import { useCspNonce } from '../lib/csp-nonce.js';
import accountCss from '../styles/account.css?inline';
import baseCss from '../styles/base.css?inline';
import cartCss from '../styles/cart.css?inline';
import catalogueCss from '../styles/catalogue.css?inline';
import chromeCss from '../styles/chrome.css?inline';
import productCss from '../styles/product.css?inline';
import tokensCss from '../styles/tokens.css?inline';

const STYLE_ELEMENT_ID = 'vitrine-styles';

/**
 * The style sheet on the server: the CSS files joined. In the browser the text is not shipped again in
 * the scripts (the `import.meta.env.SSR` branch is dropped from the client build): it is read back from
 * the page the server sent, before React hydrates it, so a re-render (or a remount) keeps it.
 */
const STYLES = import.meta.env.SSR
  ? [tokensCss, baseCss, chromeCss, catalogueCss, productCss, cartCss, accountCss].join('\n')
  : (globalThis.document?.getElementById(STYLE_ELEMENT_ID)?.textContent ?? '');

/**
 * The whole style sheet (about 5 kB compressed) inline in every page: no render-blocking request before
 * the first paint, which on a phone network costs more than sending the bytes again.
 */
export function InlineStyles() {
  // The server's CSP allows this inline sheet by the response's nonce (no 'unsafe-inline' styles).
  const nonce = useCspNonce();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built style sheet, never user input
  return <style id={STYLE_ELEMENT_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: STYLES }} />;
}
