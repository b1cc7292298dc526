/**
 * What a new product's form holds beyond the product's own fields (issue #24): each variant's SKU,
 * price and stock as typed, keyed by its combination of choices, and the pictures with their alt text;
 * and the variant overrides the typed rows make, checked first so each problem shows by its row.
 */
import type { Product, VariantOverride } from '@vitrine/sdk';
import { type DraftErrors, parseAmount } from './product-draft.js';

/** One variant's own data as typed (blank: the product's). */
export interface VariantDraft {
  sku: string;
  price: string;
  quantity: string;
}

/** A picture chosen before the product exists, with its alt text. */
export interface PictureDraft {
  key: string;
  file: File;
  altText: string;
}

/** One combination of the options' choices: the API's choices (option name → value), its label, a stable key. */
export interface Combination {
  key: string;
  label: string;
  choices: Record<string, string>;
}

/** Every combination of the checked product's options, in the server's order (the first option varies slowest). */
export function combinationsOf(product: Partial<Product>): Combination[] {
  let out: Combination[] = [{ key: '', label: '', choices: {} }];
  for (const option of product.productOptions ?? []) {
    out = out.flatMap((partial) =>
      (option.choices ?? []).map((choice) => {
        const choices = { ...partial.choices, [option.name ?? '']: choice.value ?? '' };
        return {
          key: JSON.stringify(choices),
          label: partial.label ? `${partial.label} / ${choice.description}` : (choice.description ?? ''),
          choices,
        };
      }),
    );
  }
  return out.filter((combination) => combination.key !== '');
}

/** Whether the product as checked keeps its stock variant by variant (then each variant's stock is typed). */
export const ownStockOf = (product: Partial<Pick<Product, 'manageVariants' | 'stock'>>) =>
  product.manageVariants === true && product.stock?.trackInventory === true;

/**
 * The variant overrides the typed rows make (rows left blank send nothing), or the problems by field
 * (`variants.<key>.price`…). Stock is each variant's own only when the product counts it variant by variant.
 */
export function variantOverridesOf(
  product: Partial<Product>,
  rows: Record<string, VariantDraft>,
  decimals: number,
): { overrides: VariantOverride[] } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  const overrides: VariantOverride[] = [];
  const ownStock = ownStockOf(product);
  for (const combination of combinationsOf(product)) {
    const row = rows[combination.key];
    if (!row) continue;
    const override: VariantOverride = { choices: combination.choices };
    const price = parseAmount(row.price, decimals);
    if (Number.isNaN(price)) errors[`variants.${combination.key}.price`] = 'Type an amount, or leave it empty for the product’s price.';
    else if (price !== undefined) override.price = price;
    if (row.sku.trim()) override.sku = row.sku.trim();
    const quantity = row.quantity.trim();
    if (ownStock && quantity) {
      if (/^\d{1,9}$/.test(quantity)) override.quantity = Number(quantity);
      else errors[`variants.${combination.key}.quantity`] = 'Type how many are in stock (a whole number).';
    }
    if (Object.keys(override).length > 1) overrides.push(override);
  }
  return Object.keys(errors).length ? { errors } : { overrides };
}
