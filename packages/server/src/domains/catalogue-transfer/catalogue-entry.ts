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

const number = (v: string | null) => (v === null ? undefined : Number(v));

/** A product row, its variants and collection slugs as an export entry; picture URLs made absolute against `publicUrl`. */
export function catalogueEntry(p: ProductRow, variants: VariantRow[], collections: string[], publicUrl: string): CatalogueEntry {
  const options = (p.product_options ?? []) as StoredOption[];
  const pictures = ((p.media ?? []) as StoredItem[]).filter((item) => item.image?.url);
  const sections = (p.additional_info_sections ?? []) as CatalogueEntry['additionalInfoSections'];
  const textFields = (p.custom_text_fields ?? []) as CatalogueEntry['customTextFields'];
  const own = options.length ? variants.map((v) => ownOfVariant(p, v)).filter((v) => Object.keys(v).length > 1) : [];
  const entry: CatalogueEntry = {
    name: p.name,
    slug: p.slug,
    visible: p.visible,
    productType: p.product_type,
    description: p.description,
    sku: p.sku ?? undefined,
    brand: p.brand ?? undefined,
    ribbon: p.ribbon ?? undefined,
    weight: number(p.weight),
    priceData: { price: Number(p.price) },
    costAndProfitData: p.cost === null ? undefined : { itemCost: Number(p.cost) },
    discount: p.discount_type === 'NONE' ? undefined : { type: p.discount_type, value: Number(p.discount_value) },
    stock: p.track_inventory ? { trackInventory: true, quantity: p.quantity ?? 0 } : { trackInventory: false, inStock: p.in_stock },
    productOptions: options.map((o) => ({
      name: o.name,
      optionType: o.optionType,
      choices: o.choices.map((c) =>
        c.description && c.description !== c.value ? { value: c.value, description: c.description } : { value: c.value },
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
  return Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined)) as CatalogueEntry;
}

/** What a variant has of its own: its SKU, price, and its quantity (tracked) or whether it is out of stock (untracked). */
function ownOfVariant(p: ProductRow, v: VariantRow): CatalogueVariant {
  const own: CatalogueVariant = { choices: v.choices };
  if (v.sku) own.sku = v.sku;
  if (v.price !== null) own.price = Number(v.price);
  if (p.track_inventory) own.quantity = v.quantity ?? 0;
  else if (!v.in_stock) own.inStock = false;
  return own;
}
