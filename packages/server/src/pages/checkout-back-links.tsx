/**
 * The way back from the hosted checkout (issue #19): links to the cart and the shop at the top of the
 * page. Plain links, so the shopper leaves without posting anything; the addresses are decided by
 * `domains/checkout/pages/back-links.ts`.
 */

/** `.links` (the shared stylesheet) lays them out; this only spaces them from the heading below. */
const backLinkStyles = '.back-links{margin:0 0 var(--space-4)}';

export function CheckoutBackLinks(p: { nonce: string; cartUrl?: string; shopUrl?: string }) {
  if (!p.cartUrl && !p.shopUrl) return null;
  return (
    <nav className="links back-links" aria-label="Back to the shop">
      <style nonce={p.nonce}>{backLinkStyles}</style>
      {p.cartUrl && <a href={p.cartUrl}>← Back to cart</a>}
      {p.shopUrl && <a href={p.shopUrl}>Continue shopping</a>}
    </nav>
  );
}
