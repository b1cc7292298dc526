/**
 * The way back from the hosted checkout (issue #19): links to the cart and the shop at the top of the
 * page. Plain links, so the shopper leaves without posting anything; the addresses are decided by
 * `domains/checkout/pages/back-links.ts`.
 */

/** `.links` (the shared stylesheet) lays them out; this only spaces them from the heading below. */
const backLinkStyles = '.back-links{margin:0 0 var(--space-4)}';

export function CheckoutBackLinks(props: { nonce: string; cartUrl?: string; shopUrl?: string }) {
  if (!props.cartUrl && !props.shopUrl) return null;
  return (
    <nav className="links back-links" aria-label="Back to the shop">
      <style nonce={props.nonce}>{backLinkStyles}</style>
      {props.cartUrl && <a href={props.cartUrl}>← Back to cart</a>}
      {props.shopUrl && <a href={props.shopUrl}>Continue shopping</a>}
    </nav>
  );
}
