import { amountText } from '@vitrine/sdk/money';
import { data, type ShouldRevalidateFunctionArgs } from 'react-router';
import { Breadcrumbs } from '../components/breadcrumbs.js';
import { ProductDetails } from '../components/product-details.js';
import { allCollections, optionsAvailability, productBySlug } from '../lib/catalogue.server.js';
import { choicesFromParams } from '../lib/choice-params.js';
import { pageMeta, plainText, productJsonLd, shopNameOf } from '../lib/seo.js';
import { shopUrl } from '../lib/shop-url.server.js';
import { initialSelection, VARIANT_PARAM } from '../lib/variant-selection.js';
import { catalogueClient } from '../lib/vitrine.server.js';
import type { Route } from './+types/product';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const client = catalogueClient(context);
  const [product, collections] = await Promise.all([productBySlug(client, params.slug), allCollections(client)]);
  if (!product) throw data(null, { status: 404 });
  const collection = collections.find((candidate) => product.collectionIds.includes(candidate.id));
  // the choices the URL names (a shared link, a reload, the back button), else the first available: rendered chosen
  const search = new URL(request.url).searchParams;
  const selection = initialSelection(product.variants, search.get(VARIANT_PARAM), choicesFromParams(search, product.options));
  const availability = Object.keys(selection).length ? await optionsAvailability(client, product.id, selection, product.name) : undefined;
  return {
    product,
    initial: { selection, availability },
    collection: collection ? { name: collection.name, slug: collection.slug } : undefined,
    url: shopUrl(context, `/products/${product.slug}`),
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [{ title: 'Page not found' }];
  const { product, url } = data;
  const firstImage = product.media.find((item) => item.kind === 'image');
  return [
    ...pageMeta({
      shop: shopNameOf(matches),
      title: product.name,
      description: plainText(product.descriptionHtml) || product.name,
      url,
      image: firstImage?.kind === 'image' ? firstImage.image.url : product.image?.url,
      type: 'product',
    }),
    { property: 'product:price:amount', content: amountText(product.discountedPrice, product.currency) },
    { property: 'product:price:currency', content: product.currency },
    { 'script:ld+json': productJsonLd(product, url) },
  ];
};

/** Choosing a variant only rewrites the choices in the URL (`?opt.Color=Navy`): the page already has what it needs, so nothing reloads. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname && !formMethod ? false : defaultShouldRevalidate;
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, collection, initial } = loaderData;
  const trail = [
    collection ? { label: collection.name, to: `/collections/${collection.slug}` } : { label: 'All products', to: '/products' },
    { label: product.name },
  ];
  return (
    <div className="container">
      <Breadcrumbs trail={trail} />
      {/* keyed: another product starts with a fresh selection */}
      <ProductDetails key={product.id} product={product} initial={initial} />
    </div>
  );
}
