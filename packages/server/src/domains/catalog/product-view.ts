import type { Row } from '../../platform/db/schema.js';
import { currencyExponent, formatMoney, percentOf, toAmount, toMinor } from '../../platform/money/money.js';

export type ProductRow = Row<'products'>;
export type VariantRow = Row<'product_variants'>;

/** A display currency: prices also shown converted at a configured rate (`convertedPriceData`). */
export interface DisplayCurrency {
  currency: string;
  /** units of the display currency per unit of the shop currency, an exact decimal */
  rate: string;
}

export interface ViewOptions {
  /** Merchants see cost and profit (`includeMerchantSpecificData`); shoppers never do. */
  merchant: boolean;
  display?: DisplayCurrency;
  /** The storefront's base URL for `productPageUrl`. */
  publicUrl: string;
}

/** The price triple of the wire (`priceData`, `convertedPriceData`): numbers with their formatted text. */
export interface WirePriceData {
  currency: string;
  price: number;
  discountedPrice: number;
  pricePerUnit?: number;
  formatted: { price: string; discountedPrice: string; pricePerUnit?: string };
}

/** The discounted price of an amount under the product's discount (never below zero). */
export function discountedMinor(priceMinor: bigint, product: Pick<ProductRow, 'discount_type' | 'discount_value' | 'currency'>): bigint {
  if (product.discount_type === 'AMOUNT') {
    const reduced = priceMinor - toMinor(product.discount_value, product.currency);
    return reduced < 0n ? 0n : reduced;
  }
  if (product.discount_type === 'PERCENT') return priceMinor - percentOf(priceMinor, product.discount_value);
  return priceMinor;
}

/** Price per base unit (e.g. per 100 g) from `pricePerUnitData`, when the product sells by measure. */
function perUnitMinor(discounted: bigint, product: ProductRow): bigint | undefined {
  const perUnit = product.price_per_unit as { totalQuantity?: number; baseQuantity?: number } | null;
  if (!perUnit?.totalQuantity || !perUnit.baseQuantity) return undefined;
  // discounted × base / total, exact in minor units (quantities are decimals with at most 4 places)
  const scale = 10_000n;
  const total = BigInt(Math.round(perUnit.totalQuantity * 10_000));
  const base = BigInt(Math.round(perUnit.baseQuantity * 10_000));
  if (total === 0n) return undefined;
  const num = discounted * base * scale;
  const den = total * scale;
  return (num * 2n + den) / (den * 2n);
}

function priceData(priceMinor: bigint, product: ProductRow, currency: string, convert?: (minor: bigint) => bigint): WirePriceData {
  const toDisplay = convert ?? ((minor: bigint) => minor);
  const discounted = discountedMinor(priceMinor, product);
  const perUnit = perUnitMinor(discounted, product);
  const out: WirePriceData = {
    currency,
    price: toAmount(toDisplay(priceMinor), currency),
    discountedPrice: toAmount(toDisplay(discounted), currency),
    formatted: { price: formatMoney(toDisplay(priceMinor), currency), discountedPrice: formatMoney(toDisplay(discounted), currency) },
  };
  if (perUnit !== undefined) {
    out.pricePerUnit = toAmount(toDisplay(perUnit), currency);
    out.formatted.pricePerUnit = formatMoney(toDisplay(perUnit), currency);
  }
  return out;
}

/**
 * Converts shop-currency minor units into the display currency's at the configured rate. Display
 * prices are informational (checkout charges the shop currency); six decimals keep them exact to the cent.
 */
function converter(from: string, display: DisplayCurrency): (minor: bigint) => bigint {
  return (minor) => toMinor(((Number(minor) / 10 ** currencyExponent(from)) * Number(display.rate)).toFixed(6), display.currency);
}

function costAndProfit(priceMinor: bigint, costMinor: bigint | undefined, product: ProductRow) {
  const currency = product.currency;
  const discounted = discountedMinor(priceMinor, product);
  if (costMinor === undefined) return undefined;
  const profit = discounted - costMinor;
  const margin = discounted === 0n ? 0 : Math.round((Number(profit) / Number(discounted)) * 10_000) / 10_000;
  return {
    itemCost: toAmount(costMinor, currency),
    formattedItemCost: formatMoney(costMinor, currency),
    profit: toAmount(profit, currency),
    formattedProfit: formatMoney(profit, currency),
    profitMargin: margin,
  };
}

const num = (text: string | null | undefined) => (text === null || text === undefined ? undefined : Number(text));

/** The product's page on the storefront. */
const pageUrlOf = (product: ProductRow, viewOptions: ViewOptions) => ({
  base: `${viewOptions.publicUrl}/`,
  path: `/products/${product.slug}`,
});

/** The currency a shopper sees the product's prices in, and how to convert them there (none: its own). */
function displayOf(product: ProductRow, viewOptions: ViewOptions) {
  const convert =
    viewOptions.display && viewOptions.display.currency !== product.currency ? converter(product.currency, viewOptions.display) : undefined;
  return { convert, displayCurrency: convert ? (viewOptions.display as DisplayCurrency).currency : product.currency };
}

/** The product as the v1 stores-reader wire carries it (field names and shapes as the corpus records). */
export function toWireProduct(product: ProductRow, variants: VariantRow[], collectionIds: string[], viewOptions: ViewOptions) {
  const currency = product.currency;
  const basePrice = toMinor(product.price, currency);
  const baseCost = product.cost === null ? undefined : toMinor(product.cost, currency);
  const { convert, displayCurrency } = displayOf(product, viewOptions);
  const price = priceData(basePrice, product, currency);
  const media = (product.media as Record<string, unknown>[]) ?? [];
  const options =
    (product.product_options as { name: string; optionType: string; choices: { value: string; description?: string }[] }[]) ?? [];

  const wireVariants = variants.map((variant) => {
    const vPrice = variant.price === null ? basePrice : toMinor(variant.price, currency);
    const vCost = variant.cost === null ? baseCost : toMinor(variant.cost, currency);
    return {
      id: variant.id,
      choices: variant.choices,
      variant: {
        priceData: priceData(vPrice, product, currency),
        convertedPriceData: priceData(vPrice, product, displayCurrency, convert),
        ...(viewOptions.merchant ? { costAndProfitData: costAndProfit(vPrice, vCost, product) } : {}),
        weight: num(variant.weight ?? product.weight),
        sku: variant.sku ?? product.sku ?? undefined,
        visible: variant.visible,
      },
      stock: {
        trackQuantity: product.track_inventory,
        quantity: product.track_inventory ? (variant.quantity ?? 0) : undefined,
        inStock: variant.in_stock,
      },
    };
  });

  const stockOf = (name: string, value: string) => {
    const matching = variants.filter((variant) => variant.choices[name] === value);
    return { inStock: matching.some((variant) => variant.in_stock), visible: matching.some((variant) => variant.visible) };
  };

  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    visible: product.visible,
    productType: product.product_type,
    description: product.description,
    sku: product.sku ?? undefined,
    weight: num(product.weight),
    stock: {
      trackInventory: product.track_inventory,
      quantity: product.track_inventory ? (product.quantity ?? 0) : undefined,
      inStock: product.inventory_status !== 'OUT_OF_STOCK',
      inventoryStatus: product.inventory_status,
    },
    price,
    priceData: price,
    convertedPriceData: priceData(basePrice, product, displayCurrency, convert),
    ...(viewOptions.merchant ? { costAndProfitData: costAndProfit(basePrice, baseCost, product) } : {}),
    priceRange: { minValue: Number(product.price_min), maxValue: Number(product.price_max) },
    ...(viewOptions.merchant && product.cost_min !== null
      ? { costRange: { minValue: Number(product.cost_min), maxValue: Number(product.cost_max) } }
      : {}),
    ...(product.weight_min !== null ? { weightRange: { minValue: Number(product.weight_min), maxValue: Number(product.weight_max) } } : {}),
    ...(product.price_per_unit ? { pricePerUnitData: product.price_per_unit } : {}),
    discount: { type: product.discount_type, value: Number(product.discount_value) },
    media: { mainMedia: media[0], items: media },
    productOptions: options.map((opt) => ({
      optionType: opt.optionType,
      name: opt.name,
      choices: opt.choices.map((choice) => ({
        ...choice,
        description: choice.description ?? choice.value,
        ...stockOf(opt.name, choice.value),
      })),
    })),
    variants: wireVariants,
    manageVariants: product.manage_variants,
    collectionIds,
    additionalInfoSections: product.additional_info_sections as { title: string; description: string }[],
    customTextFields: product.custom_text_fields as { title: string; maxLength?: number; mandatory?: boolean }[],
    ...(product.seo_data ? { seoData: product.seo_data } : {}),
    productPageUrl: pageUrlOf(product, viewOptions),
    ...(product.ribbon ? { ribbon: product.ribbon } : {}),
    ...(product.brand ? { brand: product.brand } : {}),
    createdDate: product.created_date.toISOString(),
    lastUpdated: product.last_updated.toISOString(),
  };
}

export type WireProduct = ReturnType<typeof toWireProduct>;

/**
 * What a search suggestion shows of a product (issue #22), from its row alone: the fields of
 * `toWireProduct` it needs (its price as `convertedPriceData.formatted.discountedPrice`), without
 * its variants and collections.
 */
export function toSuggestedProduct(product: ProductRow, viewOptions: ViewOptions) {
  const { convert, displayCurrency } = displayOf(product, viewOptions);
  const mainMedia = ((product.media as Record<string, unknown>[]) ?? [])[0];
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    formattedPrice: priceData(toMinor(product.price, product.currency), product, displayCurrency, convert).formatted.discountedPrice,
    ...(mainMedia ? { mainMedia } : {}),
    productPageUrl: pageUrlOf(product, viewOptions),
  };
}

export type SuggestedProduct = ReturnType<typeof toSuggestedProduct>;
