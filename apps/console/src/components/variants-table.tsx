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

function rowOf(v: Variant): Row {
  return {
    price: numberText(v.variant?.priceData?.price),
    cost: numberText(v.variant?.costAndProfitData?.itemCost),
    weight: numberText(v.variant?.weight),
    sku: v.variant?.sku ?? '',
    quantity: numberText(v.stock?.quantity),
    inStock: v.stock?.inStock ?? true,
    visible: v.variant?.visible ?? true,
  };
}

/** A variant's name from its choices' labels ("1.7 l / Steel"; the API keys choices by value, a colour's being its code). */
function variantName(product: Product, v: Variant): string {
  return Object.entries(v.choices ?? {})
    .map(([option, value]) => {
      const choice = product.productOptions?.find((o) => o.name === option)?.choices?.find((c) => c.value === value);
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

  const rowFor = (v: Variant) => edits[v._id ?? ''] ?? rowOf(v);
  const edit = (v: Variant, r: Partial<Row>) => {
    setSaved(false);
    setEdits((e) => ({ ...e, [v._id ?? '']: { ...rowFor(v), ...r } }));
  };

  function overrides(): VariantOverride[] | string {
    const out: VariantOverride[] = [];
    for (const v of variants.data ?? []) {
      const r = edits[v._id ?? ''];
      if (!r) continue;
      const name = variantName(product, v);
      const price = parseAmount(r.price, decimals);
      const cost = parseAmount(r.cost, decimals);
      const weight = parseAmount(r.weight, 3);
      if (Number.isNaN(price) || Number.isNaN(cost) || Number.isNaN(weight))
        return `${name}: type amounts like 12.50, or leave them empty.`;
      const quantity = r.quantity.trim();
      if (tracked && !/^\d{1,9}$/.test(quantity)) return `${name}: type how many are in stock (a whole number).`;
      out.push({
        variantIds: [v._id as string],
        price: price ?? null,
        cost: cost ?? null,
        weight: weight ?? null,
        sku: r.sku.trim() || null,
        visible: r.visible,
        ...(tracked ? { quantity: Number(quantity) } : { inStock: r.inStock }),
      });
    }
    return out;
  }

  function save(e: FormEvent) {
    e.preventDefault();
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
            {(variants.data ?? []).map((v) => {
              const r = rowFor(v);
              const name = variantName(product, v);
              return (
                <tr key={v._id} data-testid="variant-row">
                  <th scope="row">{name}</th>
                  <td>
                    <input
                      aria-label={`Price of ${name}`}
                      inputMode="decimal"
                      value={r.price}
                      onChange={(e) => edit(v, { price: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Cost of ${name}`}
                      inputMode="decimal"
                      value={r.cost}
                      onChange={(e) => edit(v, { cost: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Weight of ${name}`}
                      inputMode="decimal"
                      value={r.weight}
                      onChange={(e) => edit(v, { weight: e.target.value })}
                    />
                  </td>
                  <td>
                    <input aria-label={`SKU of ${name}`} maxLength={40} value={r.sku} onChange={(e) => edit(v, { sku: e.target.value })} />
                  </td>
                  <td>
                    {tracked ? (
                      <input
                        aria-label={`Quantity of ${name}`}
                        inputMode="numeric"
                        value={r.quantity}
                        onChange={(e) => edit(v, { quantity: e.target.value })}
                      />
                    ) : (
                      <input
                        type="checkbox"
                        aria-label={`${name} in stock`}
                        checked={r.inStock}
                        onChange={(e) => edit(v, { inStock: e.target.checked })}
                      />
                    )}
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${name} shown`}
                      checked={r.visible}
                      onChange={(e) => edit(v, { visible: e.target.checked })}
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
