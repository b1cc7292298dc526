/**
 * One product as the catalogue export writes it and `vitrine import` reads it back: the merchant
 * API's product input (what a merchant sets, nothing the server computes), its collections by slug,
 * its pictures by absolute URL and the variants that have something of their own. The JSON export is
 * an array of these; the CSV export is the same entries in `import-csv.ts`'s columns.
 */

import type { StoredOption } from '../catalog/product-rules.js';
import type { ProductRow, VariantRow } from '../catalog/product-view.js';
import type { StoredItem } from '../catalog/variant-view.js';

/** A variant's own SKU, price and stock (absent: the product's). */
interface CatalogueVariant {
  choices: Record<string, string>;
  sku?: string;
  price?: number;
  quantity?: number;
  inStock?: boolean;
}

export interface CatalogueEntry {
  name: string;
  slug: string;
  visible: boolean;
  productType: 'physical' | 'digital';
  description: string;
  sku?: string;
  brand?: string;
  ribbon?: string;
  weight?: number;
  priceData: { price: number };
  costAndProfitData?: { itemCost: number };
  discount?: { type: 'AMOUNT' | 'PERCENT'; value: number };
  stock: { trackInventory: true; quantity: number } | { trackInventory: false; inStock: boolean };
  productOptions: { name: string; optionType: 'drop_down' | 'color'; choices: { value: string; description?: string }[] }[];
  additionalInfoSections?: { title: string; description: string }[];
  customTextFields?: { title: string; maxLength?: number; mandatory?: boolean }[];
  collections: string[];
  media: { items: { image: { url: string; altText?: string } }[] };
  variants?: CatalogueVariant[];
}

const number = (text: string | null) => (text === null ? undefined : Number(text));

/** A product row, its variants and collection slugs as an export entry; picture URLs made absolute against `publicUrl`. */
export function catalogueEntry(product: ProductRow, variants: VariantRow[], collections: string[], publicUrl: string): CatalogueEntry {
  const options = (product.product_options ?? []) as StoredOption[];
  const pictures = ((product.media ?? []) as StoredItem[]).filter((item) => item.image?.url);
  const sections = (product.additional_info_sections ?? []) as CatalogueEntry['additionalInfoSections'];
  const textFields = (product.custom_text_fields ?? []) as CatalogueEntry['customTextFields'];
  const own = options.length
    ? variants.map((variant) => ownOfVariant(product, variant)).filter((variant) => Object.keys(variant).length > 1)
    : [];
  const entry: CatalogueEntry = {
    name: product.name,
    slug: product.slug,
    visible: product.visible,
    productType: product.product_type,
    description: product.description,
    sku: product.sku ?? undefined,
    brand: product.brand ?? undefined,
    ribbon: product.ribbon ?? undefined,
    weight: number(product.weight),
    priceData: { price: Number(product.price) },
    costAndProfitData: product.cost === null ? undefined : { itemCost: Number(product.cost) },
    discount: product.discount_type === 'NONE' ? undefined : { type: product.discount_type, value: Number(product.discount_value) },
    stock: product.track_inventory
      ? { trackInventory: true, quantity: product.quantity ?? 0 }
      : { trackInventory: false, inStock: product.in_stock },
    productOptions: options.map((option) => ({
      name: option.name,
      optionType: option.optionType,
      choices: option.choices.map((choice) =>
        choice.description && choice.description !== choice.value
          ? { value: choice.value, description: choice.description }
          : { value: choice.value },
      ),
    })),
    additionalInfoSections: sections?.length ? sections : undefined,
    customTextFields: textFields?.length ? textFields : undefined,
    collections,
    media: {
      items: pictures.map((item) => ({
        image: {
          url: new URL(item.image?.url as string, `${publicUrl}/`).href,
          ...(item.image?.altText ? { altText: item.image.altText } : {}),
        },
      })),
    },
    variants: own.length ? own : undefined,
  };
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined)) as CatalogueEntry;
}

/** What a variant has of its own: its SKU, price, and its quantity (tracked) or whether it is out of stock (untracked). */
function ownOfVariant(product: ProductRow, variant: VariantRow): CatalogueVariant {
  const own: CatalogueVariant = { choices: variant.choices };
  if (variant.sku) own.sku = variant.sku;
  if (variant.price !== null) own.price = Number(variant.price);
  if (product.track_inventory) own.quantity = variant.quantity ?? 0;
  else if (!variant.in_stock) own.inStock = false;
  return own;
}
