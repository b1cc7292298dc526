/**
 * Variant answers of the reader: a product's variants (as inside the product), the store variant
 * (a variant with its product's data), and the choice availability of `productOptionsAvailability`.
 */
import { type ProductRow, toWireProduct, type VariantRow, type ViewOptions } from './product-view.js';

/** A media item as stored (`products.media[]`, a choice's `media.items[]`). */
export interface StoredItem {
  id?: string;
  mediaType?: string;
  image?: { url?: string; width?: number; height?: number; altText?: string };
  video?: { files?: { url?: string; width?: number; height?: number; format?: string }[] };
  thumbnail?: { url?: string; width?: number; height?: number };
}
interface StoredChoice {
  value: string;
  description?: string;
  media?: { mainMedia?: StoredItem; items?: StoredItem[] };
}
interface StoredOption {
  name: string;
  optionType: string;
  choices: StoredChoice[];
}

const optionsOf = (product: ProductRow) => (product.product_options ?? []) as StoredOption[];

/** Variants as they appear inside the product (`variants[]`): the product view is the one mapping. */
export function toWireVariants(product: ProductRow, variants: VariantRow[], options: ViewOptions) {
  return toWireProduct(product, variants, [], options).variants;
}

/** The media items of the chosen choices, in option order (no duplicates). */
function choiceMediaItems(product: ProductRow, choices: Record<string, string>): StoredItem[] {
  const items: StoredItem[] = [];
  for (const option of optionsOf(product)) {
    const choice = option.choices.find((choice) => choice.value === choices[option.name]);
    for (const item of choice?.media?.items ?? []) if (!items.some((known) => known.id && known.id === item.id)) items.push(item);
  }
  return items;
}

const fileName = (url?: string) => {
  const last = url?.split(/[?#]/)[0]?.split('/').pop();
  if (!last) return undefined;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};

/** A stored image item as the wire image object (the SDK turns it into `wix:image://v1/…`). */
function imageObject(item: StoredItem) {
  const img = item.image ?? {};
  return { id: item.id, url: img.url, width: img.width, height: img.height, altText: img.altText, filename: fileName(img.url) };
}

/** A stored video item as the wire video object (renditions; the thumbnail as poster). */
function videoObject(item: StoredItem) {
  const files = item.video?.files ?? [];
  const poster = item.thumbnail ? [{ url: item.thumbnail.url, width: item.thumbnail.width, height: item.thumbnail.height }] : [];
  return {
    id: item.id,
    url: files[0]?.url,
    filename: fileName(files[0]?.url),
    resolutions: files.map((file) => ({ url: file.url, width: file.width, height: file.height, format: file.format })),
    posters: poster,
  };
}

/** The store variant's name: its choice values in option order (`L | Blue`); `Default` without options. */
function variantName(product: ProductRow, variant: VariantRow): string {
  const values = optionsOf(product)
    .map((option) => variant.choices[option.name])
    .filter((part): part is string => part !== undefined);
  return values.length ? values.join(' | ') : 'Default';
}

/**
 * A store variant (`/stores-reader/v1/variants`): id `<productId>-<variantId>`, its product's name,
 * stock and collections, and as media the first image and video of its choices (else the product's).
 */
export function toStoreVariant(product: ProductRow, variant: VariantRow, collectionIds: string[]) {
  const own = choiceMediaItems(product, variant.choices);
  const pool = own.length ? own : ((product.media ?? []) as StoredItem[]);
  const image = pool.find((media) => media.mediaType === 'image' || (!media.mediaType && media.image));
  const video = pool.find((media) => media.mediaType === 'video');
  return {
    id: `${product.id}-${variant.id}`,
    variantId: variant.id,
    productId: product.id,
    variantName: variantName(product, variant),
    productName: product.name,
    managedVariant: product.manage_variants,
    choices: variant.choices,
    sku: variant.sku ?? product.sku ?? undefined,
    stock: {
      trackQuantity: product.track_inventory,
      quantity: product.track_inventory ? (variant.quantity ?? 0) : undefined,
      inStock: variant.in_stock,
    },
    collectionIds,
    media: { ...(image ? { image: imageObject(image) } : {}), ...(video ? { video: videoObject(video) } : {}) },
    // The reference's pre-order settings: this shop takes no pre-orders (an out-of-stock variant cannot be bought).
    preorderInfo: { enabled: false },
  };
}

export type WireStoreVariant = ReturnType<typeof toStoreVariant>;

/** `{mainMedia, items}` of a list of items (`{items: []}` when there are none). */
const mediaOf = (items: StoredItem[]) => (items.length ? { mainMedia: items[0], items } : { items: [] });

/**
 * What a (partial) choice selection leads to: each choice marked `inStock`/`visible` given the
 * other selected choices; the selected variant (and `variantSelectionAvailable`) once every option
 * has a known choice and that variant is visible; purchasable when it is in stock. `variants` are
 * those the caller may see.
 * @see spec §7 "Catalogue read" (productOptionsAvailability)
 */
export function optionsAvailability(
  product: ProductRow,
  variants: VariantRow[],
  selection: Record<string, string>,
  viewOptions: ViewOptions,
) {
  const options = optionsOf(product);
  const selected = Object.fromEntries(Object.entries(selection).filter(([name]) => options.some((opt) => opt.name === name)));
  const agrees = (candidate: VariantRow, except?: string) =>
    Object.entries(selected).every(([name, value]) => name === except || candidate.choices[name] === value);

  const productOptions = options.map((opt) => ({
    optionType: opt.optionType,
    name: opt.name,
    choices: opt.choices.map((choice) => {
      const candidates = variants.filter((candidate) => candidate.choices[opt.name] === choice.value && agrees(candidate, opt.name));
      return {
        ...choice,
        description: choice.description ?? choice.value,
        inStock: candidates.some((candidate) => candidate.in_stock),
        visible: candidates.some((candidate) => candidate.visible),
      };
    }),
  }));

  const complete = options.every((opt) => opt.choices.some((choice) => choice.value === selected[opt.name]));
  const variant = complete
    ? variants.find((candidate) => candidate.visible && Object.keys(candidate.choices).length === options.length && agrees(candidate))
    : undefined;
  const media = mediaOf(choiceMediaItems(product, selected));
  // `variantSelectionAvailable`: the choices given select exactly one variant the caller may see.
  if (!variant) return { variantSelectionAvailable: false, availableForPurchase: false, productOptions, media };

  const wire = toWireVariants(product, [variant], viewOptions)[0] as ReturnType<typeof toWireVariants>[number];
  const selectedVariant = {
    id: variant.id,
    price: wire.variant.priceData,
    convertedPriceData: wire.variant.convertedPriceData,
    weight: wire.variant.weight,
    sku: wire.variant.sku,
    ...(product.track_inventory ? { quantity: variant.quantity ?? 0 } : {}),
    inStock: variant.in_stock,
    visible: variant.visible,
    media,
  };
  return {
    selectedVariant,
    variantSelectionAvailable: true,
    availableForPurchase: product.visible && variant.in_stock,
    productOptions,
    media,
  };
}
