/**
 * The storefront's own shapes of catalogue data: pages never see the SDK's entities, only these
 * (small, serialisable loader data). Mapping happens once, here.
 */
import type { Choice, Collection, MediaItem, Product, ProductOptionsAvailabilityResponse, SearchFacets } from '@vitrine/sdk';
import { OPTION_PARAM, priceRangeParam } from './listing-params.js';

export interface ImageView {
  url: string;
  width?: number;
  height?: number;
  alt: string;
}

export type MediaView = { kind: 'image'; image: ImageView } | { kind: 'video'; url: string; poster?: ImageView; title: string };

export interface ProductCardView {
  id: string;
  slug: string;
  name: string;
  image?: ImageView;
  currency: string;
  price: number;
  discountedPrice: number;
  /** lowest and highest variant price, when they differ */
  priceRange?: { min: number; max: number };
  ribbon?: string;
  inStock: boolean;
}

/** One page of a product listing. */
export interface ProductPage {
  products: ProductCardView[];
  total: number;
  /** false: `total` (and so the page count) is the server's estimate: shown as "about" */
  totalExact: boolean;
  page: number;
  pageCount: number;
  /** the facets' values with their counts (none when the listing could not be searched) */
  facets: FacetGroupView[];
}

export interface ChoiceView {
  value: string;
  label: string;
  /** selectable with the other options as chosen (in stock and visible) */
  available: boolean;
  /** a picture of this choice (colour swatches) */
  swatchImage?: string;
}

export interface OptionView {
  name: string;
  kind: 'color' | 'drop_down';
  choices: ChoiceView[];
}

export interface VariantPriceView {
  price: number;
  discountedPrice: number;
  pricePerUnit?: number;
}

/** One existing combination of choices (a variant), for choosing on the product page. */
export interface VariantChoicesView {
  id: string;
  /** option name → choice */
  choices: Record<string, string>;
  inStock: boolean;
}

export interface ProductView extends ProductCardView {
  descriptionHtml: string;
  brand?: string;
  sku?: string;
  media: MediaView[];
  options: OptionView[];
  /** the visible combinations of a product with options (empty without options) */
  variants: VariantChoicesView[];
  discount?: { type: 'AMOUNT' | 'PERCENT'; value: number };
  pricePerUnit?: { amount: number; base: string };
  stock: { inStock: boolean; quantity?: number; status?: string };
  info: { title: string; html: string }[];
  collectionIds: string[];
  /** ISO date */
  createdDate?: string;
  lastUpdated?: string;
}

export interface CollectionView {
  id: string;
  slug: string;
  name: string;
  description?: string;
  image?: ImageView;
  productCount?: number;
  lastUpdated?: string;
}

/** What a choice of options leads to (productOptionsAvailability), as the product page uses it. */
export interface AvailabilityView {
  options: OptionView[];
  /** set once every option has a choice */
  variant?: VariantPriceView & { id?: string; inStock: boolean; quantity?: number; sku?: string; image?: ImageView };
  availableForPurchase: boolean;
}

function imageOf(item: MediaItem | undefined, alt: string): ImageView | undefined {
  const img = item?.image;
  if (!img?.url) return undefined;
  return { url: img.url, width: img.width, height: img.height, alt: img.altText || alt };
}

function mediaOf(item: MediaItem, alt: string): MediaView | undefined {
  if (item.mediaType === 'video') {
    const file = item.video?.files?.find((candidate) => candidate.url);
    if (!file?.url) return undefined;
    return {
      kind: 'video',
      url: file.url,
      poster: imageOf(item.thumbnail ? { image: item.thumbnail } : item, alt),
      title: item.title || alt,
    };
  }
  const image = imageOf(item, alt);
  return image ? { kind: 'image', image } : undefined;
}

function num(value: number | null | undefined, fallback = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

const isoOf = (date: Date | undefined) => (date instanceof Date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined);

/** A product as a grid card. */
export function toProductCard(product: Product): ProductCardView {
  const price = num(product.priceData?.price);
  const min = num(product.priceRange?.minValue, price);
  const max = num(product.priceRange?.maxValue, price);
  return {
    id: product._id ?? '',
    slug: product.slug ?? '',
    name: product.name ?? '',
    image: imageOf(product.media?.mainMedia ?? product.media?.items?.[0], product.name ?? ''),
    currency: product.priceData?.currency ?? 'USD',
    price,
    discountedPrice: num(product.priceData?.discountedPrice, price),
    priceRange: min !== max ? { min, max } : undefined,
    ribbon: product.ribbon || product.ribbons?.[0]?.text || undefined,
    inStock: product.stock?.inStock !== false,
  };
}

function choiceView(choice: Choice): ChoiceView {
  const value = choice.value ?? '';
  return {
    value,
    label: choice.description || value,
    available: choice.inStock !== false && choice.visible !== false,
    swatchImage: choice.media?.mainMedia?.image?.url ?? choice.media?.items?.[0]?.image?.url,
  };
}

function optionsOf(options: Product['productOptions']): OptionView[] {
  return (options ?? []).map((productOption) => ({
    name: productOption.name ?? '',
    kind: productOption.optionType === 'color' ? 'color' : 'drop_down',
    choices: (productOption.choices ?? []).filter((choice) => choice.visible !== false).map(choiceView),
  }));
}

function variantsOf(variants: Product['variants']): VariantChoicesView[] {
  return (variants ?? [])
    .filter((variant) => variant._id && variant.variant?.visible !== false)
    .map((variant) => ({ id: variant._id ?? '', choices: variant.choices ?? {}, inStock: variant.stock?.inStock !== false }));
}

const UNIT_LABELS: Record<string, string> = {
  G: 'g',
  KG: 'kg',
  MG: 'mg',
  L: 'l',
  ML: 'ml',
  CL: 'cl',
  M: 'm',
  CM: 'cm',
  MM: 'mm',
  SQM: 'm²',
};

/** A product for its own page. */
export function toProductView(product: Product): ProductView {
  const card = toProductCard(product);
  const ppu = product.pricePerUnitData;
  const perUnit = product.priceData?.pricePerUnit;
  const discount =
    product.discount?.type === 'AMOUNT' || product.discount?.type === 'PERCENT'
      ? { type: product.discount.type, value: num(product.discount.value) }
      : undefined;
  return {
    ...card,
    descriptionHtml: product.description ?? '',
    brand: product.brand ?? undefined,
    sku: product.sku || undefined,
    media: (product.media?.items ?? []).map((item) => mediaOf(item, product.name ?? '')).filter((view): view is MediaView => !!view),
    options: optionsOf(product.productOptions),
    variants: product.productOptions?.length ? variantsOf(product.variants) : [],
    discount: discount && discount.value > 0 ? discount : undefined,
    pricePerUnit:
      typeof perUnit === 'number' && ppu?.baseQuantity && ppu.baseMeasurementUnit
        ? {
            amount: perUnit,
            base: `${ppu.baseQuantity === 1 ? '' : `${ppu.baseQuantity} `}${UNIT_LABELS[ppu.baseMeasurementUnit] ?? ppu.baseMeasurementUnit.toLowerCase()}`,
          }
        : undefined,
    stock: {
      inStock: product.stock?.inStock !== false,
      quantity: product.stock?.quantity ?? undefined,
      status: product.stock?.inventoryStatus,
    },
    info: (product.additionalInfoSections ?? []).map((additionalInfoSection) => ({
      title: additionalInfoSection.title ?? '',
      html: additionalInfoSection.description ?? '',
    })),
    collectionIds: product.collectionIds ?? [],
    createdDate: isoOf(product._createdDate),
    lastUpdated: isoOf(product.lastUpdated),
  };
}

/** A collection as a tile or a page heading. */
export function toCollectionView(collection: Collection): CollectionView {
  return {
    id: collection._id ?? '',
    slug: collection.slug ?? '',
    name: collection.name ?? '',
    description: collection.description ?? undefined,
    image: imageOf(collection.media?.mainMedia ?? collection.media?.items?.[0], collection.name ?? ''),
    productCount: collection.numberOfProducts,
    lastUpdated: isoOf(collection.lastUpdated),
  };
}

/** The answer of productOptionsAvailability as the page shows it. */
export function toAvailabilityView(availability: ProductOptionsAvailabilityResponse, productName: string): AvailabilityView {
  const variant = availability.selectedVariant;
  const price = num(variant?.price?.price);
  return {
    options: optionsOf(availability.productOptions),
    availableForPurchase: availability.availableForPurchase === true,
    variant: variant
      ? {
          // the wire carries the variant's id although the SDK's VariantData type does not declare it
          id: (variant as { _id?: string })._id,
          price,
          discountedPrice: num(variant.price?.discountedPrice, price),
          pricePerUnit: typeof variant.price?.pricePerUnit === 'number' ? variant.price.pricePerUnit : undefined,
          inStock: variant.inStock !== false,
          quantity: variant.quantity ?? undefined,
          sku: variant.sku || undefined,
          image: imageOf(variant.media?.mainMedia, productName),
        }
      : undefined,
  };
}

/** One value of a facet as a checkbox of the listing's GET form: `param=value`, and its count. */
export interface FacetValueView {
  param: string;
  value: string;
  label: string;
  /** the products the shopper would get by ticking it too */
  count: number;
  selected: boolean;
  /** a colour choice's colour code */
  swatch?: string;
  /** a price range's ends (its label is formatted in the page's currency) */
  range?: { from?: string; to?: string };
  /** `count` is an estimate: the search matched more products than the server counts facets over exactly */
  approximate?: true;
}

/** A facet: a titled group of values (collections, an option's choices, prices, availability). */
export interface FacetGroupView {
  title: string;
  values: FacetValueView[];
}

/** The search API's facets as the listing's groups, in the order a shopper narrows by. */
export function toFacetGroups(facets: SearchFacets): FacetGroupView[] {
  const groups: FacetGroupView[] = [];
  const collections = facets.collections ?? [];
  if (collections.length)
    groups.push({
      title: 'Collection',
      values: collections.map((collection) => ({
        param: 'collection',
        value: collection.slug,
        label: collection.name,
        count: collection.count,
        selected: collection.selected,
      })),
    });
  for (const option of facets.choices ?? [])
    groups.push({
      title: option.optionName,
      values: option.values.map((value) => ({
        param: `${OPTION_PARAM}${option.optionName}`,
        value: value.value,
        label: value.value,
        count: value.count,
        selected: value.selected,
        ...(value.swatch ? { swatch: value.swatch } : {}),
      })),
    });
  const prices = facets.priceRanges ?? [];
  if (prices.length)
    groups.push({
      title: 'Price',
      values: prices.map((price) => {
        const range = { ...(price.from ? { from: price.from } : {}), ...(price.to ? { to: price.to } : {}) };
        return {
          param: 'price',
          value: priceRangeParam(range),
          label: priceRangeParam(range),
          count: price.count,
          selected: price.selected,
          range,
        };
      }),
    });
  const availability: FacetValueView[] = [];
  if (facets.inStock) availability.push({ param: 'inStock', value: '1', label: 'In stock only', ...facets.inStock });
  if (facets.onSale) availability.push({ param: 'onSale', value: '1', label: 'On sale', ...facets.onSale });
  if (availability.length) groups.push({ title: 'Availability', values: availability });
  if (facets.exhaustive === false) for (const group of groups) for (const value of group.values) value.approximate = true;
  return groups;
}

/** What the header's search box lists while the shopper types. */
export interface SuggestionsView {
  /** the words these answer (an older answer arriving late is not shown) */
  q: string;
  products: { id: string; slug: string; name: string; price: string; image?: string }[];
  collections: { id: string; slug: string; name: string; image?: string }[];
}

/** The picture's address of a suggestion's main media (the wire's `{ image: { url } }`). */
export function imageUrlOf(media: Record<string, unknown> | undefined): string | undefined {
  const image = media?.image;
  if (typeof image === 'string') return image;
  const url = image && typeof image === 'object' ? (image as { url?: unknown }).url : undefined;
  return typeof url === 'string' ? url : undefined;
}
