// The storefront import set of issue #2: what a shop's product and cart pages load.
import { createClient, OAuthStrategy } from '@vitrine/sdk';
import { currentCart } from '@vitrine/sdk/ecom';
import { redirects } from '@vitrine/sdk/redirects';
import { collections, products } from '@vitrine/sdk/stores';

const client = createClient({
  host: location.origin,
  modules: { currentCart, products, collections, redirects },
  auth: OAuthStrategy({ clientId: 'demo' }),
});

export async function page() {
  const list = await client.products.queryProducts().eq('slug', 'mug').find();
  const cols = await client.collections.queryCollections().find();
  const cart = await client.currentCart.getCurrentCart();
  await client.currentCart.addToCurrentCart({ lineItems: [] });
  const session = await client.redirects.createRedirectSession({ ecomCheckout: { checkoutId: 'x' } });
  return [list, cols, cart, session];
}
