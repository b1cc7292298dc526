/** The catalogue reads the pages make, through the process's visitor client; answers in the storefront's shapes. */
import { sanitizeRichText } from '@vitrine/rich-text';
import { VitrineError } from '@vitrine/sdk';
import {
  type AvailabilityView,
  type CollectionView,
  imageUrlOf,
  type ProductCardView,
  type ProductPage,
  type ProductView,
  type SuggestionsView,
  toAvailabilityView,
  toCollectionView,
  toFacetGroups,
  toProductCard,
  toProductView,
} from './catalogue-view.js';
import { type ListingParams, PAGE_SIZE, SORTS } from './listing-params.js';
import type { CatalogueClient } from './vitrine.server.js';

/** undefined for a 404 answer; any other failure is thrown on. */
async function orMissing<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof VitrineError && error.status === 404) return undefined;
    throw error;
  }
}

/** Where a listing is: a collection's own page fixes its collection; the others pick from the shop's. */
export type ListingScope = { collectionId: string } | { collections: CollectionView[] };

/**
 * One page of products under the listing's words, facets, price bounds, sort and page, with the facets'
 * counts, through the search API (#22). Selections go as the search's `selected` (each facet counted
 * without its own); the price bounds and a collection page's collection as its filter (they narrow all).
 */
export async function listProducts(client: CatalogueClient, params: ListingParams, scope: ListingScope): Promise<ProductPage> {
  const and: Record<string, unknown>[] = [];
  if ('collectionId' in scope) and.push({ collectionIds: { $hasSome: [scope.collectionId] } });
  if (params.min !== undefined) and.push({ price: { $gte: params.min } });
  if (params.max !== undefined) and.push({ price: { $lte: params.max } });
  const collectionIds =
    'collections' in scope
      ? scope.collections.filter((collection) => params.collections.includes(collection.slug)).map((collection) => collection.id)
      : [];
  // a slug of no collection narrows to nothing rather than silently showing everything
  if (params.collections.length && !collectionIds.length) return emptyPage(params);
  const sort = SORTS[params.sort];
  const answer = await client.search.searchProducts({
    text: params.q ?? null,
    query: {
      filter: and.length ? { $and: and } : {},
      sort: [{ fieldName: sort.fieldName, order: sort.order }],
    },
    selected: {
      collectionIds,
      choices: params.choices,
      priceRanges: params.prices,
      inStock: params.inStock || null,
      onSale: params.onSale || null,
    },
    facets: { collections: 'collections' in scope, choices: true, priceRanges: true, inStock: true, onSale: true },
    paging: { limit: PAGE_SIZE, offset: (params.page - 1) * PAGE_SIZE },
  });
  const { total, totalExact } = answer.metadata;
  return {
    products: answer.products.map(toProductCard),
    total,
    totalExact,
    page: params.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    facets: toFacetGroups(answer.facets),
  };
}

const emptyPage = (params: ListingParams): ProductPage => ({
  products: [],
  total: 0,
  totalExact: true,
  page: params.page,
  pageCount: 1,
  facets: [],
});

/** What the header's search box offers while typing: the best products and the matching collections. */
export async function suggestions(client: CatalogueClient, text: string, limit: number): Promise<SuggestionsView> {
  const answer = await client.search.suggest(text, { limit });
  return {
    q: text,
    products: answer.products.map((product) => ({
      id: product._id,
      slug: product.slug,
      name: product.name,
      price: product.formattedPrice,
      image: imageUrlOf(product.mainMedia),
    })),
    collections: answer.collections.map((collection) => ({
      id: collection._id,
      slug: collection.slug,
      name: collection.name,
      image: imageUrlOf(collection.mainMedia),
    })),
  };
}

/** The newest products (home page). */
export async function newArrivals(client: CatalogueClient, count: number): Promise<ProductCardView[]> {
  const answer = await client.products.queryProducts({ sort: [{ fieldName: 'createdDate', order: 'DESC' }], paging: { limit: count } }, {});
  return (answer.products ?? []).map(toProductCard);
}

/** Every collection, in the shop's order (they are few). */
export async function allCollections(client: CatalogueClient): Promise<CollectionView[]> {
  const answer = await client.collections.queryCollections({ paging: { limit: 100 } });
  return (answer.collections ?? []).map(toCollectionView).filter((collection) => collection.slug && collection.slug !== 'all-products');
}

export async function collectionBySlug(client: CatalogueClient, slug: string): Promise<CollectionView | undefined> {
  const answer = await orMissing(client.collections.getCollectionBySlug(slug));
  return answer?.collection ? toCollectionView(answer.collection) : undefined;
}

/** A product by its slug, with its options; undefined when there is none (or it is hidden). */
export async function productBySlug(client: CatalogueClient, slug: string): Promise<ProductView | undefined> {
  // with its variants: the page starts on an existing combination and switches between them
  const answer = await client.products.queryProducts({ filter: { slug: { $eq: slug } }, paging: { limit: 1 } }, { includeVariants: true });
  const product = answer.products?.[0];
  return product ? withSafeRichText(toProductView(product)) : undefined;
}

/**
 * The page renders the product's rich text as HTML: sanitised again here, on the server, for text
 * stored before the API sanitised it or written by a path that does not (#18). Loaders run on the
 * server for client-side navigations too, so no sanitiser ships in the browser's JS.
 */
function withSafeRichText(view: ProductView): ProductView {
  return {
    ...view,
    descriptionHtml: sanitizeRichText(view.descriptionHtml),
    info: view.info.map((section) => ({ title: section.title, html: sanitizeRichText(section.html) })),
  };
}

/** What an option selection leads to: the variant (when complete) and which other choices remain available. */
export async function optionsAvailability(
  client: CatalogueClient,
  productId: string,
  selection: Record<string, string>,
  productName: string,
): Promise<AvailabilityView | undefined> {
  const answer = await orMissing(client.products.getProductOptionsAvailability(productId, selection));
  return answer ? toAvailabilityView(answer, productName) : undefined;
}

/** Every visible product's slug and last change, for the sitemap (paged through). */
export async function allProductSlugs(client: CatalogueClient): Promise<{ slug: string; lastUpdated?: string }[]> {
  const out: { slug: string; lastUpdated?: string }[] = [];
  const limit = 100;
  for (let offset = 0; offset < 50_000; offset += limit) {
    const answer = await client.products.queryProducts(
      { sort: [{ fieldName: 'createdDate', order: 'ASC' }], paging: { limit, offset } },
      {},
    );
    const page = answer.products ?? [];
    for (const product of page) if (product.slug) out.push({ slug: product.slug, lastUpdated: product.lastUpdated?.toISOString() });
    if (page.length < limit) break;
  }
  return out;
}
