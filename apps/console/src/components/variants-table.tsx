import type { Product, Variant, VariantOverride } from '@vitrine/sdk';
import { type FormEvent, useState } from 'react';
import { errorText } from '../lib/format.js';
import { currencyDecimals, numberText, parseAmount } from '../lib/product-draft.js';
import { useProductVariants, useResetVariants, useUpdateVariants } from '../lib/products-admin.js';
import { FormFooter } from './form-footer.js';
import { LoadFailed } from './load-failed.js';

/** One variant's row as typed. */
interface Row {
  price: string;
  cost: string;
  weight: string;
  sku: string;
  quantity: string;
  inStock: boolean;
  visible: boolean;
}

function rowOf(variant: Variant): Row {
  return {
    price: numberText(variant.variant?.priceData?.price),
    cost: numberText(variant.variant?.costAndProfitData?.itemCost),
    weight: numberText(variant.variant?.weight),
    sku: variant.variant?.sku ?? '',
    quantity: numberText(variant.stock?.quantity),
    inStock: variant.stock?.inStock ?? true,
    visible: variant.variant?.visible ?? true,
  };
}

/** A variant's name from its choices' labels ("1.7 l / Steel"; the API keys choices by value, a colour's being its code). */
function variantName(product: Product, variant: Variant): string {
  return Object.entries(variant.choices ?? {})
    .map(([option, value]) => {
      const choice = product.productOptions
        ?.find((productOption) => productOption.name === option)
        ?.choices?.find((candidate) => candidate.value === value);
      return choice?.description || value;
    })
    .join(' / ');
}

/**
 * The variant matrix: price, cost, weight, SKU, stock and visibility of each combination of choices,
 * changed rows saved in one call; "reset" gives every variant the product's own values back.
 */
export function VariantsTable({ product }: { product: Product }) {
  const productId = product._id as string;
  const variants = useProductVariants(productId, true);
  const update = useUpdateVariants(productId);
  const reset = useResetVariants(productId);
  const [edits, setEdits] = useState<Record<string, Row>>({});
  const [problem, setProblem] = useState('');
  const [saved, setSaved] = useState(false);
  const decimals = currencyDecimals(product.priceData?.currency ?? 'USD');
  const tracked = product.stock?.trackInventory === true;

  if (variants.isPending) return <p role="status">Loading the variants…</p>;
  if (variants.isError) return <LoadFailed what="The variants" error={variants.error} retry={variants.refetch} />;

  const rowFor = (variant: Variant) => edits[variant._id ?? ''] ?? rowOf(variant);
  const edit = (variant: Variant, changes: Partial<Row>) => {
    setSaved(false);
    setEdits((current) => ({ ...current, [variant._id ?? '']: { ...rowFor(variant), ...changes } }));
  };

  function overrides(): VariantOverride[] | string {
    const out: VariantOverride[] = [];
    for (const variant of variants.data ?? []) {
      const row = edits[variant._id ?? ''];
      if (!row) continue;
      const name = variantName(product, variant);
      const price = parseAmount(row.price, decimals);
      const cost = parseAmount(row.cost, decimals);
      const weight = parseAmount(row.weight, 3);
      if (Number.isNaN(price) || Number.isNaN(cost) || Number.isNaN(weight))
        return `${name}: type amounts like 12.50, or leave them empty.`;
      const quantity = row.quantity.trim();
      if (tracked && !/^\d{1,9}$/.test(quantity)) return `${name}: type how many are in stock (a whole number).`;
      out.push({
        variantIds: [variant._id as string],
        price: price ?? null,
        cost: cost ?? null,
        weight: weight ?? null,
        sku: row.sku.trim() || null,
        visible: row.visible,
        ...(tracked ? { quantity: Number(quantity) } : { inStock: row.inStock }),
      });
    }
    return out;
  }

  function save(event: FormEvent) {
    event.preventDefault();
    setProblem('');
    const list = overrides();
    if (typeof list === 'string') {
      setProblem(list);
      return;
    }
    if (!list.length) return;
    update.mutate(list, {
      onSuccess: () => {
        setEdits({});
        setSaved(true);
      },
      onError: (err) => setProblem(`The variants were not saved: ${errorText(err)}`),
    });
  }

  function resetAll() {
    if (!window.confirm('Give every variant the product’s own price, weight, SKU and stock again?')) return;
    setProblem('');
    reset.mutate(undefined, {
      onSuccess: () => setEdits({}),
      onError: (err) => setProblem(`The variants were not reset: ${errorText(err)}`),
    });
  }

  const busy = update.isPending || reset.isPending;
  return (
    <form onSubmit={save} aria-label="Variants">
      <div className="table-scroll">
        <table className="table table--inputs">
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Price</th>
              <th scope="col">Cost</th>
              <th scope="col">Weight (kg)</th>
              <th scope="col">SKU</th>
              <th scope="col">{tracked ? 'Quantity' : 'In stock'}</th>
              <th scope="col">Shown</th>
            </tr>
          </thead>
          <tbody>
            {(variants.data ?? []).map((variant) => {
              const row = rowFor(variant);
              const name = variantName(product, variant);
              return (
                <tr key={variant._id} data-testid="variant-row">
                  <th scope="row">{name}</th>
                  <td>
                    <input
                      aria-label={`Price of ${name}`}
                      inputMode="decimal"
                      value={row.price}
                      onChange={(event) => edit(variant, { price: event.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Cost of ${name}`}
                      inputMode="decimal"
                      value={row.cost}
                      onChange={(event) => edit(variant, { cost: event.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Weight of ${name}`}
                      inputMode="decimal"
                      value={row.weight}
                      onChange={(event) => edit(variant, { weight: event.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`SKU of ${name}`}
                      maxLength={40}
                      value={row.sku}
                      onChange={(event) => edit(variant, { sku: event.target.value })}
                    />
                  </td>
                  <td>
                    {tracked ? (
                      <input
                        aria-label={`Quantity of ${name}`}
                        inputMode="numeric"
                        value={row.quantity}
                        onChange={(event) => edit(variant, { quantity: event.target.value })}
                      />
                    ) : (
                      <input
                        type="checkbox"
                        aria-label={`${name} in stock`}
                        checked={row.inStock}
                        onChange={(event) => edit(variant, { inStock: event.target.checked })}
                      />
                    )}
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${name} shown`}
                      checked={row.visible}
                      onChange={(event) => edit(variant, { visible: event.target.checked })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <FormFooter
        problem={problem}
        saved={saved}
        savedText="Variants saved."
        busy={busy}
        disabled={!Object.keys(edits).length}
        submitLabel="Save variants"
      >
        <button type="button" className="button button--quiet" disabled={busy} onClick={resetAll}>
          Reset all variants
        </button>
      </FormFooter>
    </form>
  );
}
