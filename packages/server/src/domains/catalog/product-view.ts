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
export function discountedMinor(priceMinor: bigint, p: Pick<ProductRow, 'discount_type' | 'discount_value' | 'currency'>): bigint {
  if (p.discount_type === 'AMOUNT') {
    const d = priceMinor - toMinor(p.discount_value, p.currency);
    return d < 0n ? 0n : d;
  }
  if (p.discount_type === 'PERCENT') return priceMinor - percentOf(priceMinor, p.discount_value);
  return priceMinor;
}

/** Price per base unit (e.g. per 100 g) from `pricePerUnitData`, when the product sells by measure. */
function perUnitMinor(discounted: bigint, p: ProductRow): bigint | undefined {
  const u = p.price_per_unit as { totalQuantity?: number; baseQuantity?: number } | null;
  if (!u?.totalQuantity || !u.baseQuantity) return undefined;
  // discounted × base / total, exact in minor units (quantities are decimals with at most 4 places)
  const scale = 10_000n;
  const total = BigInt(Math.round(u.totalQuantity * 10_000));
  const base = BigInt(Math.round(u.baseQuantity * 10_000));
  if (total === 0n) return undefined;
  const num = discounted * base * scale;
  const den = total * scale;
  return (num * 2n + den) / (den * 2n);
}

function priceData(priceMinor: bigint, p: ProductRow, currency: string, convert?: (m: bigint) => bigint): WirePriceData {
  const c = convert ?? ((m: bigint) => m);
  const discounted = discountedMinor(priceMinor, p);
  const perUnit = perUnitMinor(discounted, p);
  const out: WirePriceData = {
    currency,
    price: toAmount(c(priceMinor), currency),
    discountedPrice: toAmount(c(discounted), currency),
    formatted: { price: formatMoney(c(priceMinor), currency), discountedPrice: formatMoney(c(discounted), currency) },
  };
  if (perUnit !== undefined) {
    out.pricePerUnit = toAmount(c(perUnit), currency);
    out.formatted.pricePerUnit = formatMoney(c(perUnit), currency);
  }
  return out;
}

/**
 * Converts shop-currency minor units into the display currency's at the configured rate. Display
 * prices are informational (checkout charges the shop currency); six decimals keep them exact to the cent.
 */
function converter(from: string, display: DisplayCurrency): (m: bigint) => bigint {
  return (minor) => toMinor(((Number(minor) / 10 ** currencyExponent(from)) * Number(display.rate)).toFixed(6), display.currency);
}

function costAndProfit(priceMinor: bigint, costMinor: bigint | undefined, p: ProductRow) {
  const currency = p.currency;
  const discounted = discountedMinor(priceMinor, p);
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

const num = (v: string | null | undefined) => (v === null || v === undefined ? undefined : Number(v));

/** The product as the v1 stores-reader wire carries it (field names and shapes as the corpus records). */
export function toWireProduct(p: ProductRow, variants: VariantRow[], collectionIds: string[], o: ViewOptions) {
  const currency = p.currency;
  const basePrice = toMinor(p.price, currency);
  const baseCost = p.cost === null ? undefined : toMinor(p.cost, currency);
  const convert = o.display && o.display.currency !== currency ? converter(currency, o.display) : undefined;
  const displayCurrency = convert ? (o.display as DisplayCurrency).currency : currency;
  const price = priceData(basePrice, p, currency);
  const media = (p.media as Record<string, unknown>[]) ?? [];
  const options = (p.product_options as { name: string; optionType: string; choices: { value: string; description?: string }[] }[]) ?? [];

  const wireVariants = variants.map((v) => {
    const vPrice = v.price === null ? basePrice : toMinor(v.price, currency);
    const vCost = v.cost === null ? baseCost : toMinor(v.cost, currency);
    return {
      id: v.id,
      choices: v.choices,
      variant: {
        priceData: priceData(vPrice, p, currency),
        convertedPriceData: priceData(vPrice, p, displayCurrency, convert),
        ...(o.merchant ? { costAndProfitData: costAndProfit(vPrice, vCost, p) } : {}),
        weight: num(v.weight ?? p.weight),
        sku: v.sku ?? p.sku ?? undefined,
        visible: v.visible,
      },
      stock: { trackQuantity: p.track_inventory, quantity: p.track_inventory ? (v.quantity ?? 0) : undefined, inStock: v.in_stock },
    };
  });

  const stockOf = (name: string, value: string) => {
    const matching = variants.filter((v) => v.choices[name] === value);
    return { inStock: matching.some((v) => v.in_stock), visible: matching.some((v) => v.visible) };
  };

  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    visible: p.visible,
    productType: p.product_type,
    description: p.description,
    sku: p.sku ?? undefined,
    weight: num(p.weight),
    stock: {
      trackInventory: p.track_inventory,
      quantity: p.track_inventory ? (p.quantity ?? 0) : undefined,
      inStock: p.inventory_status !== 'OUT_OF_STOCK',
      inventoryStatus: p.inventory_status,
    },
    price,
    priceData: price,
    convertedPriceData: priceData(basePrice, p, displayCurrency, convert),
    ...(o.merchant ? { costAndProfitData: costAndProfit(basePrice, baseCost, p) } : {}),
    priceRange: { minValue: Number(p.price_min), maxValue: Number(p.price_max) },
    ...(o.merchant && p.cost_min !== null ? { costRange: { minValue: Number(p.cost_min), maxValue: Number(p.cost_max) } } : {}),
    ...(p.weight_min !== null ? { weightRange: { minValue: Number(p.weight_min), maxValue: Number(p.weight_max) } } : {}),
    ...(p.price_per_unit ? { pricePerUnitData: p.price_per_unit } : {}),
    discount: { type: p.discount_type, value: Number(p.discount_value) },
    media: { mainMedia: media[0], items: media },
    productOptions: options.map((opt) => ({
      optionType: opt.optionType,
      name: opt.name,
      choices: opt.choices.map((c) => ({ ...c, description: c.description ?? c.value, ...stockOf(opt.name, c.value) })),
    })),
    variants: wireVariants,
    manageVariants: p.manage_variants,
    collectionIds,
    additionalInfoSections: p.additional_info_sections as { title: string; description: string }[],
    customTextFields: p.custom_text_fields as { title: string; maxLength?: number; mandatory?: boolean }[],
    ...(p.seo_data ? { seoData: p.seo_data } : {}),
    productPageUrl: { base: `${o.publicUrl}/`, path: `/products/${p.slug}` },
    ...(p.ribbon ? { ribbon: p.ribbon } : {}),
    ...(p.brand ? { brand: p.brand } : {}),
    createdDate: p.created_date.toISOString(),
    lastUpdated: p.last_updated.toISOString(),
  };
}

export type WireProduct = ReturnType<typeof toWireProduct>;
