/**
 * The product form's state (strings as typed) and the two conversions around it: from the product
 * the server answered, and back to the fields a create or update sends, with every field checked
 * first so the merchant sees each problem by its label before anything is sent.
 */
import type { Product } from '@vitrine/sdk';

type DiscountKind = 'NONE' | 'AMOUNT' | 'PERCENT';
type OptionKind = 'drop_down' | 'color';

export interface ChoiceDraft {
  /** stable React key (choices have no id) */
  key: string;
  /** what the shopper reads: "Small", "Red" */
  description: string;
  /** a colour option's swatch, `#rrggbb` */
  color: string;
}

export interface OptionDraft {
  key: string;
  name: string;
  kind: OptionKind;
  choices: ChoiceDraft[];
}

export interface ProductDraft {
  name: string;
  slug: string;
  description: string;
  productType: 'physical' | 'digital';
  sku: string;
  brand: string;
  ribbon: string;
  price: string;
  discountKind: DiscountKind;
  discountValue: string;
  cost: string;
  weight: string;
  trackInventory: boolean;
  quantity: string;
  inStock: boolean;
  /** price, stock, SKU… set variant by variant (the product's stock then no longer reaches them) */
  manageVariants: boolean;
  options: OptionDraft[];
}

/** Problems by field: `name`, `price`, `options.0.name`, `options.0.choices.1`… */
export type DraftErrors = Record<string, string>;

let keys = 0;
/** A fresh key for a new option or choice row. */
export const newKey = () => `k${++keys}`;

export const emptyChoice = (): ChoiceDraft => ({ key: newKey(), description: '', color: '#000000' });
export const emptyOption = (): OptionDraft => ({ key: newKey(), name: '', kind: 'drop_down', choices: [emptyChoice()] });

/** A stored number as an input shows it (none: empty). */
export const numberText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The form's state for a product (an empty form for a new one). */
export function draftOf(p?: Product): ProductDraft {
  const discount = p?.discount?.type === 'AMOUNT' || p?.discount?.type === 'PERCENT' ? p.discount.type : 'NONE';
  return {
    name: p?.name ?? '',
    slug: p?.slug ?? '',
    description: p?.description ?? '',
    productType: p?.productType === 'digital' ? 'digital' : 'physical',
    sku: p?.sku ?? '',
    brand: p?.brand ?? '',
    ribbon: p?.ribbon ?? '',
    price: numberText(p?.priceData?.price),
    discountKind: discount,
    discountValue: discount === 'NONE' ? '' : numberText(p?.discount?.value),
    cost: numberText(p?.costAndProfitData?.itemCost),
    weight: numberText(p?.weight),
    trackInventory: p?.stock?.trackInventory ?? false,
    quantity: numberText(p?.stock?.quantity),
    inStock: p?.stock?.inStock ?? true,
    manageVariants: p?.manageVariants ?? false,
    options: (p?.productOptions ?? []).map((o) => ({
      key: newKey(),
      name: o.name ?? '',
      kind: o.optionType === 'color' ? 'color' : 'drop_down',
      choices: (o.choices ?? []).map((c) => ({
        key: newKey(),
        description: c.description ?? c.value ?? '',
        color: o.optionType === 'color' && /^#[0-9a-f]{6}$/i.test(c.value ?? '') ? (c.value as string) : '#000000',
      })),
    })),
  };
}

/** A decimal amount as typed, in at most `decimals` places; undefined when blank; NaN when not an amount. */
export function parseAmount(s: string, decimals: number): number | undefined {
  const t = s.trim().replace(',', '.');
  if (!t) return undefined;
  const pattern = decimals > 0 ? new RegExp(`^\\d{1,12}(\\.\\d{1,${decimals}})?$`) : /^\d{1,12}$/;
  return pattern.test(t) ? Number(t) : Number.NaN;
}

/** Decimal places of a currency (USD 2, JPY 0, KWD 3). */
export function currencyDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Whether the variants carry their own stock and data (only a product with options has variants to manage). */
export const perVariant = (d: Pick<ProductDraft, 'manageVariants' | 'options'>) => d.manageVariants && d.options.length > 0;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Whether a web address segment is lower-case letters and digits in hyphen-separated words. */
export const isSlug = (s: string) => SLUG.test(s);

/**
 * The product fields the form sends (every field, so clearing one clears it), or the problems found.
 * `currency` decides how many decimals a price may have. Never `visible`: a product is published and
 * hidden by its own action (#24), so saving the form cannot show or hide it by the way.
 */
export function productOf(d: ProductDraft, currency: string): { product: Partial<Product> } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  const decimals = currencyDecimals(currency);
  const name = d.name.trim();
  if (!name) errors.name = 'Give the product a name.';
  else if (name.length > 80) errors.name = 'A name has at most 80 characters.';
  const slug = d.slug.trim();
  if (slug && !SLUG.test(slug)) errors.slug = 'Use lower-case letters, digits and single hyphens, like "blue-mug".';

  const price = parseAmount(d.price, decimals);
  if (price === undefined) errors.price = 'Give the price.';
  else if (Number.isNaN(price)) errors.price = `Type an amount like ${decimals ? `12.${'5'.padEnd(decimals, '0')}` : '1200'}.`;
  const cost = parseAmount(d.cost, decimals);
  if (Number.isNaN(cost)) errors.cost = 'Type an amount, or leave the cost empty.';
  const weight = parseAmount(d.weight, 3);
  if (Number.isNaN(weight)) errors.weight = 'Type a weight like 0.25, or leave it empty.';

  let discountValue: number | undefined;
  if (d.discountKind !== 'NONE') {
    discountValue = parseAmount(d.discountValue, d.discountKind === 'PERCENT' ? 2 : decimals);
    if (discountValue === undefined || Number.isNaN(discountValue) || discountValue <= 0)
      errors.discountValue = 'Type the discount, above zero.';
    else if (d.discountKind === 'PERCENT' && discountValue > 100) errors.discountValue = 'A percentage is at most 100.';
    else if (d.discountKind === 'AMOUNT' && price !== undefined && discountValue > price)
      errors.discountValue = 'The discount is more than the price.';
  }

  let quantity: number | undefined;
  if (d.trackInventory && !perVariant(d)) {
    const q = d.quantity.trim();
    quantity = /^\d{1,9}$/.test(q) ? Number(q) : Number.NaN;
    if (Number.isNaN(quantity)) errors.quantity = 'Type how many are in stock (a whole number).';
  }

  const optionNames = new Set<string>();
  d.options.forEach((o, i) => {
    const optionName = o.name.trim();
    if (!optionName) errors[`options.${i}.name`] = 'Name the option, like "Size".';
    else if (optionNames.has(optionName.toLowerCase())) errors[`options.${i}.name`] = 'Two options have this name.';
    optionNames.add(optionName.toLowerCase());
    if (!o.choices.length) errors[`options.${i}.name`] = 'Give the option at least one choice.';
    const seen = new Set<string>();
    o.choices.forEach((c, j) => {
      const choice = c.description.trim();
      if (!choice) errors[`options.${i}.choices.${j}`] = 'Name the choice, or remove it.';
      else if (choice.length > 50) errors[`options.${i}.choices.${j}`] = 'A choice has at most 50 characters.';
      else if (seen.has(choice.toLowerCase())) errors[`options.${i}.choices.${j}`] = 'This option already has this choice.';
      seen.add(choice.toLowerCase());
    });
  });
  if (Object.keys(errors).length) return { errors };

  const nullIfBlank = (s: string) => s.trim() || null;
  return {
    product: {
      name,
      ...(slug ? { slug } : {}),
      description: d.description,
      productType: d.productType,
      sku: nullIfBlank(d.sku) as string,
      brand: nullIfBlank(d.brand),
      ribbon: nullIfBlank(d.ribbon) as string,
      priceData: { price: price as number },
      discount: d.discountKind === 'NONE' ? { type: 'NONE' } : { type: d.discountKind, value: discountValue },
      costAndProfitData: { itemCost: cost ?? null },
      weight: (weight ?? null) as number,
      manageVariants: perVariant(d),
      stock: d.trackInventory
        ? { trackInventory: true, ...(quantity !== undefined ? { quantity } : {}) }
        : { trackInventory: false, inStock: d.inStock },
      productOptions: d.options.map((o) => ({
        name: o.name.trim(),
        optionType: o.kind,
        choices: o.choices.map((c) => ({
          description: c.description.trim(),
          value: o.kind === 'color' ? c.color.toLowerCase() : c.description.trim(),
        })),
      })),
    },
  };
}
