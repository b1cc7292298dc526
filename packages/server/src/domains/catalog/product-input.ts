/**
 * A validated wire product (create or partial update) as column values, with the business rules
 * the schema cannot check: money within the currency's decimals, discounts within the price,
 * weights to three decimals, and options that are unique and within the variant limit. Every
 * product writer (merchant API, import, generated and demo seeds) passes through `productChange`, so
 * this is where the rich text (description, additional-info sections) is sanitised (#18).
 */
import { sanitizeRichText } from '@vitrine/rich-text';
import type { Updateable } from 'kysely';
import type { ProductsTable } from '../../platform/db/schema.js';
import type { FieldViolation } from '../../platform/errors.js';
import { currencyExponent, toMinor } from '../../platform/money/money.js';
import {
  combinationCount,
  decimalText,
  fitsCurrency,
  fractionDigits,
  MAX_VARIANTS,
  type StoredOption,
  WEIGHT_DECIMALS,
} from './product-rules.js';
import type { OptionInput, ProductInput } from './write-schemas.js';

export type ProductPatch = Updateable<ProductsTable>;

/** The columns a product input sets (only the fields it carries), and what it breaks. */
export interface ProductChange {
  patch: ProductPatch;
  /** the new options when the input carries `productOptions` */
  options?: StoredOption[];
  /** whether stock fields were given (they reach the variants of a product without managed variants) */
  stockChanged: boolean;
  violations: FieldViolation[];
}

const blankToNull = (text: string | null | undefined) =>
  text === undefined ? undefined : text === null || text.trim() === '' ? null : text;

/** Checks a money amount against the currency's decimals; adds a violation naming `field` when it has more. */
export function checkMoney(amount: number | null | undefined, currency: string, field: string, out: FieldViolation[]): void {
  if (amount === null || amount === undefined || fitsCurrency(amount, currency)) return;
  const max = currencyExponent(currency);
  out.push({ field, description: `must have at most ${max} decimals (${currency})`, violatedRule: 'DECIMAL_MAX_SCALE', data: { max } });
}

/** Checks a weight against its three decimals. */
export function checkWeight(weight: number | null | undefined, field: string, out: FieldViolation[]): void {
  if (weight === null || weight === undefined || fractionDigits(weight) <= WEIGHT_DECIMALS) return;
  out.push({
    field,
    description: `must have at most ${WEIGHT_DECIMALS} decimals`,
    violatedRule: 'DECIMAL_MAX_SCALE',
    data: { max: WEIGHT_DECIMALS },
  });
}

/**
 * The columns of `input` (field paths of violations under `prefix`). `existingOptions` gives the
 * choices' media, kept when options are rewritten.
 */
export function productChange(
  input: ProductInput,
  currency: string,
  existingOptions: StoredOption[] = [],
  prefix = 'product',
): ProductChange {
  const violations: FieldViolation[] = [];
  const patch: ProductPatch = {};
  const set = <K extends keyof ProductPatch>(field: K, value: ProductPatch[K] | undefined) => {
    if (value !== undefined) patch[field] = value;
  };
  set('name', input.name);
  set('visible', input.visible);
  set('product_type', input.productType);
  set('description', input.description === undefined ? undefined : sanitizeRichText(input.description));
  set('sku', blankToNull(input.sku));
  set('ribbon', blankToNull(input.ribbon));
  set('brand', blankToNull(input.brand));
  set('manage_variants', input.manageVariants);

  const price = input.priceData?.price ?? input.price?.price;
  const priceField = input.priceData?.price !== undefined ? `${prefix}.priceData.price` : `${prefix}.price.price`;
  checkMoney(price, currency, priceField, violations);
  if (price !== undefined) set('price', decimalText(price));
  for (const [field, givenCurrency] of [
    ['priceData', input.priceData?.currency],
    ['price', input.price?.currency],
  ] as const) {
    if (givenCurrency !== undefined && givenCurrency !== currency) {
      violations.push({
        field: `${prefix}.${field}.currency`,
        description: `must be the shop currency ${currency}`,
        violatedRule: 'VALIDATION',
      });
    }
  }
  const cost = input.costAndProfitData?.itemCost;
  checkMoney(cost, currency, `${prefix}.costAndProfitData.itemCost`, violations);
  if (cost !== undefined) set('cost', cost === null ? null : decimalText(cost));
  checkWeight(input.weight, `${prefix}.weight`, violations);
  if (input.weight !== undefined) set('weight', input.weight === null ? null : decimalText(input.weight));

  if (input.discount) {
    const type = input.discount.type === 'UNDEFINED' ? 'NONE' : input.discount.type;
    const value = type === 'NONE' ? 0 : (input.discount.value ?? 0);
    if (type === 'PERCENT' && value > 100) {
      violations.push({
        field: `${prefix}.discount.value`,
        description: 'must be at most 100 (percent)',
        violatedRule: 'MAX',
        data: { max: 100 },
      });
    }
    if (type === 'AMOUNT') checkMoney(value, currency, `${prefix}.discount.value`, violations);
    set('discount_type', type);
    set('discount_value', decimalText(value));
  }

  if (input.stock) {
    set('track_inventory', input.stock.trackInventory);
    set('quantity', input.stock.quantity);
    set('in_stock', input.stock.inStock);
  }
  if (input.pricePerUnitData !== undefined)
    set('price_per_unit', input.pricePerUnitData === null ? null : JSON.stringify(input.pricePerUnitData));
  if (input.additionalInfoSections) {
    const sections = input.additionalInfoSections.map((section) => ({
      title: section.title,
      description: sanitizeRichText(section.description),
    }));
    set('additional_info_sections', JSON.stringify(sections));
  }
  if (input.customTextFields) set('custom_text_fields', JSON.stringify(input.customTextFields));
  if (input.seoData !== undefined) set('seo_data', input.seoData === null ? null : JSON.stringify(input.seoData));

  const options = input.productOptions
    ? storedOptions(input.productOptions, existingOptions, `${prefix}.productOptions`, violations)
    : undefined;
  return { patch, options, stockChanged: input.stock !== undefined, violations };
}

/**
 * Options as stored: unique names, unique choices per option (both ignoring case), a choice's
 * description defaulting to its value, and the media a choice of the same name had.
 */
function storedOptions(input: OptionInput[], existing: StoredOption[], field: string, violations: FieldViolation[]): StoredOption[] {
  const names = new Set<string>();
  const out = input.map((option, i) => {
    const key = option.name.toLowerCase();
    if (names.has(key))
      violations.push({ field: `${field}[${i}].name`, description: 'must be unique among the options', violatedRule: 'VALIDATION' });
    names.add(key);
    const before = existing.find((stored) => stored.name === option.name);
    const values = new Set<string>();
    const choices = option.choices.map((choice, j) => {
      const ckey = choice.value.toLowerCase();
      if (values.has(ckey)) {
        violations.push({
          field: `${field}[${i}].choices[${j}].value`,
          description: 'must be unique among the choices of the option',
          violatedRule: 'VALIDATION',
        });
      }
      values.add(ckey);
      const media = before?.choices.find((stored) => stored.value === choice.value)?.media;
      return { value: choice.value, description: choice.description || choice.value, ...(media ? { media } : {}) };
    });
    return { name: option.name, optionType: option.optionType === 'color' ? ('color' as const) : ('drop_down' as const), choices };
  });
  const count = combinationCount(out);
  if (count > MAX_VARIANTS) {
    violations.push({
      field,
      description: `generate ${count} variants; at most ${MAX_VARIANTS} are allowed`,
      violatedRule: 'MAX_SIZE',
      data: { max: MAX_VARIANTS },
    });
  }
  return out;
}

/** The discount-within-price rule on the product as it will be (an AMOUNT discount may not exceed the price). */
export function checkDiscount(
  pricing: { price: string; discount_type: string; discount_value: string; currency: string },
  prefix: string,
  out: FieldViolation[],
): void {
  if (pricing.discount_type !== 'AMOUNT') return;
  if (toMinor(pricing.discount_value, pricing.currency) > toMinor(pricing.price, pricing.currency)) {
    out.push({
      field: `${prefix}.discount.value`,
      description: 'must not exceed the price',
      violatedRule: 'DECIMAL_LTE',
      data: { max: Number(pricing.price) },
    });
  }
}
