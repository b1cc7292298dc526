import { MERCHANT_STOCK_REASONS, type MerchantStockReason, type Product, type Variant } from '@vitrine/sdk';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { dateTime, errorText } from '../lib/format.js';
import { useAdjustStock, useVariantHistory } from '../lib/inventory-admin.js';
import { useProductVariants } from '../lib/products-admin.js';
import { actorText, changeText, MERCHANT_REASON_LABELS, reasonText } from '../lib/stock-reasons.js';
import { Field, TextField } from './field.js';
import { LoadFailed } from './load-failed.js';
import { Problem } from './problem.js';

/** A variant's name from its choices' labels ("1.7 l / Steel"), or the product's own for its one variant. */
function variantLabel(product: Product, variant: Variant): string {
  const names = Object.entries(variant.choices ?? {}).map(
    ([option, value]) =>
      product.productOptions?.find((productOption) => productOption.name === option)?.choices?.find((choice) => choice.value === value)
        ?.description || value,
  );
  return names.join(' / ') || (product.name ?? '');
}

/**
 * A counted product's stock, variant by variant (issue #24): each change with when, how much, why and
 * who (the inventory history), and a change of the quantity with its reason.
 */
export function StockHistory({ product }: { product: Product }) {
  const productId = product._id as string;
  const variants = useProductVariants(productId, true);
  const [chosen, setChosen] = useState<string>();
  if (variants.isPending) return <p role="status">Loading the stock…</p>;
  if (variants.isError) return <LoadFailed what="The variants" error={variants.error} retry={variants.refetch} />;
  const list = variants.data;
  const variant = list.find((candidate) => candidate._id === chosen) ?? list[0];
  if (!variant) return null;
  const label = variantLabel(product, variant);
  const shared = !product.manageVariants && list.length > 1;
  return (
    <section className="form-section" aria-labelledby="stock-title">
      <h2 id="stock-title">Stock history</h2>
      {list.length > 1 ? (
        <Field label="Variant" hint={shared ? 'Every variant draws from the product’s one stock.' : undefined}>
          {(fieldProps) => (
            <select {...fieldProps} value={variant._id} onChange={(event) => setChosen(event.target.value)}>
              {list.map((listed) => (
                <option key={listed._id} value={listed._id}>
                  {variantLabel(product, listed)}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <p>
        In stock: <strong data-testid="in-stock">{variant.stock?.quantity ?? 0}</strong>
      </p>
      <StockChange key={variant._id} productId={productId} variantId={variant._id as string} label={label} />
      <HistoryTable product={product} variantId={variant._id as string} label={label} />
    </section>
  );
}

function StockChange({ productId, variantId, label }: { productId: string; variantId: string; label: string }) {
  const adjust = useAdjustStock(productId);
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState<MerchantStockReason>('RECEIVED');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [problem, setProblem] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    if (!/^\d{1,9}$/.test(quantity.trim())) {
      setError('Type the new quantity in stock (a whole number).');
      return;
    }
    setError('');
    adjust.mutate(
      { variantId, quantity: Number(quantity.trim()), reason, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          setQuantity('');
          setNote('');
        },
        onError: (err) => setProblem(`The stock was not changed: ${errorText(err)}`),
      },
    );
  };
  return (
    <form className="stock-change" onSubmit={submit} noValidate aria-label={`Change the stock of ${label}`}>
      <div className="form-row">
        <Field label="New quantity" error={error}>
          {(fieldProps) => (
            <input {...fieldProps} inputMode="numeric" value={quantity} onChange={(event) => setQuantity(event.target.value)} />
          )}
        </Field>
        <Field label="Reason">
          {(fieldProps) => (
            <select {...fieldProps} value={reason} onChange={(event) => setReason(event.target.value as MerchantStockReason)}>
              {MERCHANT_STOCK_REASONS.map((stockReason) => (
                <option key={stockReason} value={stockReason}>
                  {MERCHANT_REASON_LABELS[stockReason]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField label="Note" hint="Optional, like a delivery number." value={note} maxLength={500} onChange={setNote} />
      </div>
      <Problem text={problem} />
      <button type="submit" className="button button--primary" disabled={adjust.isPending}>
        {adjust.isPending ? 'Saving…' : 'Record the change'}
      </button>
    </form>
  );
}

function HistoryTable({ product, variantId, label }: { product: Product; variantId: string; label: string }) {
  const version = product.lastUpdated ? new Date(product.lastUpdated).toISOString() : '';
  const history = useVariantHistory(product._id as string, variantId, version);
  if (history.isPending) return <p role="status">Loading the history…</p>;
  if (history.isError) return <LoadFailed what="The stock history" error={history.error} retry={history.refetch} />;
  const changes = history.data.changes ?? [];
  if (!changes.length) return <p className="muted">No stock change recorded yet.</p>;
  return (
    <div className="table-scroll">
      <table className="table" aria-label={`Stock history of ${label}`}>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Change</th>
            <th scope="col">In stock</th>
            <th scope="col">Why</th>
            <th scope="col">By</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change._id} data-testid="stock-change">
              <td>{dateTime(change._createdDate)}</td>
              <td className="number">{changeText(change.change)}</td>
              <td className="number">
                {change.quantityBefore ?? '–'} → {change.quantityAfter ?? '–'}
              </td>
              <td>
                {change.order?._id ? (
                  <Link to={`/orders/${encodeURIComponent(change.order._id)}`}>{reasonText(change)}</Link>
                ) : (
                  reasonText(change)
                )}
                {change.note ? <span className="muted"> · {change.note}</span> : null}
              </td>
              <td>{actorText(change)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {(history.data.total ?? 0) > changes.length ? (
        <p className="muted">
          The newest {changes.length} of {history.data.total} changes.
        </p>
      ) : null}
    </div>
  );
}
