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
export const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The form's state for a product (an empty form for a new one). */
export function draftOf(fieldProps?: Product): ProductDraft {
  const discount = fieldProps?.discount?.type === 'AMOUNT' || fieldProps?.discount?.type === 'PERCENT' ? fieldProps.discount.type : 'NONE';
  return {
    name: fieldProps?.name ?? '',
    slug: fieldProps?.slug ?? '',
    description: fieldProps?.description ?? '',
    productType: fieldProps?.productType === 'digital' ? 'digital' : 'physical',
    sku: fieldProps?.sku ?? '',
    brand: fieldProps?.brand ?? '',
    ribbon: fieldProps?.ribbon ?? '',
    price: numberText(fieldProps?.priceData?.price),
    discountKind: discount,
    discountValue: discount === 'NONE' ? '' : numberText(fieldProps?.discount?.value),
    cost: numberText(fieldProps?.costAndProfitData?.itemCost),
    weight: numberText(fieldProps?.weight),
    trackInventory: fieldProps?.stock?.trackInventory ?? false,
    quantity: numberText(fieldProps?.stock?.quantity),
    inStock: fieldProps?.stock?.inStock ?? true,
    manageVariants: fieldProps?.manageVariants ?? false,
    options: (fieldProps?.productOptions ?? []).map((productOption) => ({
      key: newKey(),
      name: productOption.name ?? '',
      kind: productOption.optionType === 'color' ? 'color' : 'drop_down',
      choices: (productOption.choices ?? []).map((choice) => ({
        key: newKey(),
        description: choice.description ?? choice.value ?? '',
        color: productOption.optionType === 'color' && /^#[0-9a-f]{6}$/i.test(choice.value ?? '') ? (choice.value as string) : '#000000',
      })),
    })),
  };
}

/** A decimal amount as typed, in at most `decimals` places; undefined when blank; NaN when not an amount. */
export function parseAmount(text: string, decimals: number): number | undefined {
  const normalised = text.trim().replace(',', '.');
  if (!normalised) return undefined;
  const pattern = decimals > 0 ? new RegExp(`^\\d{1,12}(\\.\\d{1,${decimals}})?$`) : /^\d{1,12}$/;
  return pattern.test(normalised) ? Number(normalised) : Number.NaN;
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
export const perVariant = (draft: Pick<ProductDraft, 'manageVariants' | 'options'>) => draft.manageVariants && draft.options.length > 0;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Whether a web address segment is lower-case letters and digits in hyphen-separated words. */
export const isSlug = (text: string) => SLUG.test(text);

/**
 * The product fields the form sends (every field, so clearing one clears it), or the problems found.
 * `currency` decides how many decimals a price may have. Never `visible`: a product is published and
 * hidden by its own action (#24), so saving the form cannot show or hide it by the way.
 */
export function productOf(draft: ProductDraft, currency: string): { product: Partial<Product> } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  const decimals = currencyDecimals(currency);
  const name = draft.name.trim();
  if (!name) errors.name = 'Give the product a name.';
  else if (name.length > 80) errors.name = 'A name has at most 80 characters.';
  const slug = draft.slug.trim();
  if (slug && !SLUG.test(slug)) errors.slug = 'Use lower-case letters, digits and single hyphens, like "blue-mug".';

  const price = parseAmount(draft.price, decimals);
  if (price === undefined) errors.price = 'Give the price.';
  else if (Number.isNaN(price)) errors.price = `Type an amount like ${decimals ? `12.${'5'.padEnd(decimals, '0')}` : '1200'}.`;
  const cost = parseAmount(draft.cost, decimals);
  if (Number.isNaN(cost)) errors.cost = 'Type an amount, or leave the cost empty.';
  const weight = parseAmount(draft.weight, 3);
  if (Number.isNaN(weight)) errors.weight = 'Type a weight like 0.25, or leave it empty.';

  let discountValue: number | undefined;
  if (draft.discountKind !== 'NONE') {
    discountValue = parseAmount(draft.discountValue, draft.discountKind === 'PERCENT' ? 2 : decimals);
    if (discountValue === undefined || Number.isNaN(discountValue) || discountValue <= 0)
      errors.discountValue = 'Type the discount, above zero.';
    else if (draft.discountKind === 'PERCENT' && discountValue > 100) errors.discountValue = 'A percentage is at most 100.';
    else if (draft.discountKind === 'AMOUNT' && price !== undefined && discountValue > price)
      errors.discountValue = 'The discount is more than the price.';
  }

  let quantity: number | undefined;
  if (draft.trackInventory && !perVariant(draft)) {
    const typed = draft.quantity.trim();
    quantity = /^\d{1,9}$/.test(typed) ? Number(typed) : Number.NaN;
    if (Number.isNaN(quantity)) errors.quantity = 'Type how many are in stock (a whole number).';
  }

  const optionNames = new Set<string>();
  draft.options.forEach((option, i) => {
    const optionName = option.name.trim();
    if (!optionName) errors[`options.${i}.name`] = 'Name the option, like "Size".';
    else if (optionNames.has(optionName.toLowerCase())) errors[`options.${i}.name`] = 'Two options have this name.';
    optionNames.add(optionName.toLowerCase());
    if (!option.choices.length) errors[`options.${i}.name`] = 'Give the option at least one choice.';
    const seen = new Set<string>();
    option.choices.forEach((optionChoice, j) => {
      const choice = optionChoice.description.trim();
      if (!choice) errors[`options.${i}.choices.${j}`] = 'Name the choice, or remove it.';
      else if (choice.length > 50) errors[`options.${i}.choices.${j}`] = 'A choice has at most 50 characters.';
      else if (seen.has(choice.toLowerCase())) errors[`options.${i}.choices.${j}`] = 'This option already has this choice.';
      seen.add(choice.toLowerCase());
    });
  });
  if (Object.keys(errors).length) return { errors };

  const nullIfBlank = (text: string) => text.trim() || null;
  return {
    product: {
      name,
      ...(slug ? { slug } : {}),
      description: draft.description,
      productType: draft.productType,
      sku: nullIfBlank(draft.sku) as string,
      brand: nullIfBlank(draft.brand),
      ribbon: nullIfBlank(draft.ribbon) as string,
      priceData: { price: price as number },
      discount: draft.discountKind === 'NONE' ? { type: 'NONE' } : { type: draft.discountKind, value: discountValue },
      costAndProfitData: { itemCost: cost ?? null },
      weight: (weight ?? null) as number,
      manageVariants: perVariant(draft),
      stock: draft.trackInventory
        ? { trackInventory: true, ...(quantity !== undefined ? { quantity } : {}) }
        : { trackInventory: false, inStock: draft.inStock },
      productOptions: draft.options.map((option) => ({
        name: option.name.trim(),
        optionType: option.kind,
        choices: option.choices.map((choice) => ({
          description: choice.description.trim(),
          value: option.kind === 'color' ? choice.color.toLowerCase() : choice.description.trim(),
        })),
      })),
    },
  };
}
