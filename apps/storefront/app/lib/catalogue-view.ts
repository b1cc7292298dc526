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
    const file = item.video?.files?.find((f) => f.url);
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

function num(n: number | null | undefined, fallback = 0): number {
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
}

const isoOf = (d: Date | undefined) => (d instanceof Date && !Number.isNaN(d.getTime()) ? d.toISOString() : undefined);

/** A product as a grid card. */
export function toProductCard(p: Product): ProductCardView {
  const price = num(p.priceData?.price);
  const min = num(p.priceRange?.minValue, price);
  const max = num(p.priceRange?.maxValue, price);
  return {
    id: p._id ?? '',
    slug: p.slug ?? '',
    name: p.name ?? '',
    image: imageOf(p.media?.mainMedia ?? p.media?.items?.[0], p.name ?? ''),
    currency: p.priceData?.currency ?? 'USD',
    price,
    discountedPrice: num(p.priceData?.discountedPrice, price),
    priceRange: min !== max ? { min, max } : undefined,
    ribbon: p.ribbon || p.ribbons?.[0]?.text || undefined,
    inStock: p.stock?.inStock !== false,
  };
}

function choiceView(c: Choice): ChoiceView {
  const value = c.value ?? '';
  return {
    value,
    label: c.description || value,
    available: c.inStock !== false && c.visible !== false,
    swatchImage: c.media?.mainMedia?.image?.url ?? c.media?.items?.[0]?.image?.url,
  };
}

function optionsOf(options: Product['productOptions']): OptionView[] {
  return (options ?? []).map((o) => ({
    name: o.name ?? '',
    kind: o.optionType === 'color' ? 'color' : 'drop_down',
    choices: (o.choices ?? []).filter((c) => c.visible !== false).map(choiceView),
  }));
}

function variantsOf(variants: Product['variants']): VariantChoicesView[] {
  return (variants ?? [])
    .filter((v) => v._id && v.variant?.visible !== false)
    .map((v) => ({ id: v._id ?? '', choices: v.choices ?? {}, inStock: v.stock?.inStock !== false }));
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
export function toProductView(p: Product): ProductView {
  const card = toProductCard(p);
  const ppu = p.pricePerUnitData;
  const perUnit = p.priceData?.pricePerUnit;
  const discount =
    p.discount?.type === 'AMOUNT' || p.discount?.type === 'PERCENT' ? { type: p.discount.type, value: num(p.discount.value) } : undefined;
  return {
    ...card,
    descriptionHtml: p.description ?? '',
    brand: p.brand ?? undefined,
    sku: p.sku || undefined,
    media: (p.media?.items ?? []).map((m) => mediaOf(m, p.name ?? '')).filter((m): m is MediaView => !!m),
    options: optionsOf(p.productOptions),
    variants: p.productOptions?.length ? variantsOf(p.variants) : [],
    discount: discount && discount.value > 0 ? discount : undefined,
    pricePerUnit:
      typeof perUnit === 'number' && ppu?.baseQuantity && ppu.baseMeasurementUnit
        ? {
            amount: perUnit,
            base: `${ppu.baseQuantity === 1 ? '' : `${ppu.baseQuantity} `}${UNIT_LABELS[ppu.baseMeasurementUnit] ?? ppu.baseMeasurementUnit.toLowerCase()}`,
          }
        : undefined,
    stock: { inStock: p.stock?.inStock !== false, quantity: p.stock?.quantity ?? undefined, status: p.stock?.inventoryStatus },
    info: (p.additionalInfoSections ?? []).map((s) => ({ title: s.title ?? '', html: s.description ?? '' })),
    collectionIds: p.collectionIds ?? [],
    createdDate: isoOf(p._createdDate),
    lastUpdated: isoOf(p.lastUpdated),
  };
}

/** A collection as a tile or a page heading. */
export function toCollectionView(c: Collection): CollectionView {
  return {
    id: c._id ?? '',
    slug: c.slug ?? '',
    name: c.name ?? '',
    description: c.description ?? undefined,
    image: imageOf(c.media?.mainMedia ?? c.media?.items?.[0], c.name ?? ''),
    productCount: c.numberOfProducts,
    lastUpdated: isoOf(c.lastUpdated),
  };
}

/** The answer of productOptionsAvailability as the page shows it. */
export function toAvailabilityView(a: ProductOptionsAvailabilityResponse, productName: string): AvailabilityView {
  const v = a.selectedVariant;
  const price = num(v?.price?.price);
  return {
    options: optionsOf(a.productOptions),
    availableForPurchase: a.availableForPurchase === true,
    variant: v
      ? {
          // the wire carries the variant's id although the SDK's VariantData type does not declare it
          id: (v as { _id?: string })._id,
          price,
          discountedPrice: num(v.price?.discountedPrice, price),
          pricePerUnit: typeof v.price?.pricePerUnit === 'number' ? v.price.pricePerUnit : undefined,
          inStock: v.inStock !== false,
          quantity: v.quantity ?? undefined,
          sku: v.sku || undefined,
          image: imageOf(v.media?.mainMedia, productName),
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
      values: collections.map((c) => ({ param: 'collection', value: c.slug, label: c.name, count: c.count, selected: c.selected })),
    });
  for (const option of facets.choices ?? [])
    groups.push({
      title: option.optionName,
      values: option.values.map((v) => ({
        param: `${OPTION_PARAM}${option.optionName}`,
        value: v.value,
        label: v.value,
        count: v.count,
        selected: v.selected,
        ...(v.swatch ? { swatch: v.swatch } : {}),
      })),
    });
  const prices = facets.priceRanges ?? [];
  if (prices.length)
    groups.push({
      title: 'Price',
      values: prices.map((r) => {
        const range = { ...(r.from ? { from: r.from } : {}), ...(r.to ? { to: r.to } : {}) };
        return {
          param: 'price',
          value: priceRangeParam(range),
          label: priceRangeParam(range),
          count: r.count,
          selected: r.selected,
          range,
        };
      }),
    });
  const availability: FacetValueView[] = [];
  if (facets.inStock) availability.push({ param: 'inStock', value: '1', label: 'In stock only', ...facets.inStock });
  if (facets.onSale) availability.push({ param: 'onSale', value: '1', label: 'On sale', ...facets.onSale });
  if (availability.length) groups.push({ title: 'Availability', values: availability });
  if (facets.exhaustive === false) for (const group of groups) for (const v of group.values) v.approximate = true;
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
