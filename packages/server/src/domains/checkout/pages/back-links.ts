/**
 * Where the hosted checkout links back to (issue #19): the cart and the shop. The ecomCheckout
 * session's callbacks say so when the shop sent them (`cartPageUrl`, and `postFlowUrl`, where the
 * shopper goes who leaves the flow); else the storefront this server mounts (its `/cart` and home
 * page); else no link. Only http(s) addresses become links.
 */

import { webLink } from '../../../platform/http/web-link.js';

/** What the checkout's redirect session registered (spec §7 "Redirect", `callbacks`). */
export interface CheckoutCallbacks {
  thankYouPageUrl?: string;
  postFlowUrl?: string;
  cartPageUrl?: string;
}

/** The links of the hosted checkout and confirmation pages; a missing one is not shown. */
export interface BackLinks {
  cartUrl?: string;
  shopUrl?: string;
}

/** `storefrontUrl`: the public URL of the storefront mounted on this server, if one is. */
export function backLinks(callbacks: CheckoutCallbacks, storefrontUrl: string | undefined): BackLinks {
  return definedOnly({
    cartUrl: webLink(callbacks.cartPageUrl) ?? (storefrontUrl ? `${storefrontUrl}/cart` : undefined),
    shopUrl: webLink(callbacks.postFlowUrl) ?? (storefrontUrl ? `${storefrontUrl}/` : undefined),
  });
}

function definedOnly(links: BackLinks): BackLinks {
  return Object.fromEntries(Object.entries(links).filter(([, url]) => url !== undefined));
}
