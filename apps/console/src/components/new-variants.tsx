import type { Combination, VariantDraft } from '../lib/new-product-draft.js';
import type { DraftErrors } from '../lib/product-draft.js';

const BLANK: VariantDraft = { sku: '', price: '', quantity: '' };

/**
 * A new product's variants before it exists: one row per combination of the options as typed, with
 * its SKU, price and (when the product counts its stock variant by variant) stock; blank cells keep
 * the product's. Rows are keyed by their choices, so a row keeps what was typed while options are added.
 */
export function NewVariants({
  combinations,
  rows,
  onChange,
  errors,
  currency,
  ownStock,
}: {
  combinations: Combination[];
  rows: Record<string, VariantDraft>;
  onChange: (rows: Record<string, VariantDraft>) => void;
  errors: DraftErrors;
  currency: string;
  ownStock: boolean;
}) {
  if (combinations.length === 0) return null;
  const set = (key: string, change: Partial<VariantDraft>) => onChange({ ...rows, [key]: { ...(rows[key] ?? BLANK), ...change } });
  return (
    <fieldset className="form-section">
      <legend>Variants</legend>
      <p className="muted">Each variant’s own SKU, price{ownStock ? ' and stock' : ''}; leave a cell empty to use the product’s.</p>
      <div className="table-scroll">
        <table className="table table--inputs">
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">SKU</th>
              <th scope="col">Price ({currency})</th>
              {ownStock ? <th scope="col">Stock</th> : null}
            </tr>
          </thead>
          <tbody>
            {combinations.map((combination) => {
              const row = rows[combination.key] ?? BLANK;
              const priceError = errors[`variants.${combination.key}.price`];
              const quantityError = errors[`variants.${combination.key}.quantity`];
              return (
                <tr key={combination.key} data-testid="new-variant-row">
                  <th scope="row">{combination.label}</th>
                  <td>
                    <input
                      aria-label={`SKU of ${combination.label}`}
                      value={row.sku}
                      maxLength={40}
                      onChange={(event) => set(combination.key, { sku: event.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Price of ${combination.label}`}
                      inputMode="decimal"
                      value={row.price}
                      aria-invalid={priceError ? true : undefined}
                      onChange={(event) => set(combination.key, { price: event.target.value })}
                    />
                    {priceError ? <span className="field__error">{priceError}</span> : null}
                  </td>
                  {ownStock ? (
                    <td>
                      <input
                        aria-label={`Stock of ${combination.label}`}
                        inputMode="numeric"
                        value={row.quantity}
                        aria-invalid={quantityError ? true : undefined}
                        onChange={(event) => set(combination.key, { quantity: event.target.value })}
                      />
                      {quantityError ? <span className="field__error">{quantityError}</span> : null}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}
