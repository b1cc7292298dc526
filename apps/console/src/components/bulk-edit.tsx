import type { Product } from '@vitrine/sdk';
import { type FormEvent, useId, useState } from 'react';
import { type BulkDraft, type BulkField, bulkBody, currentValue, nextValue, readBulkDraft } from '../lib/bulk-change.js';
import { amountIn, errorText } from '../lib/format.js';
import { useBulkChange } from '../lib/products-admin.js';
import { Problem } from './problem.js';

const FIELD_LABELS: Record<BulkField, string> = { price: 'Price', cost: 'Cost', weight: 'Weight' };

/** A value as the merchant reads it: money in the shop's currency, weights in kilograms. */
function shown(value: number | undefined, field: BulkField, currency: string): string {
  if (value === undefined) return '—';
  if (field === 'weight') return `${value} kg`;
  return amountIn(value, currency);
}

/**
 * Changes the price, cost or weight of the selected products at once: set to a value, or moved by an
 * amount or a percentage. The preview shows each product's new value before anything is sent; the
 * change is one call, and each product's refusal (a price below its discount) is listed by name.
 * When every product took the change, `onDone` gets the sentence saying so.
 */
export function BulkEdit({ selected, currency, onDone }: { selected: Product[]; currency: string; onDone: (message: string) => void }) {
  const id = useId();
  const change = useBulkChange();
  const [draft, setDraft] = useState<BulkDraft>({ field: 'price', mode: 'percent', value: '' });
  const [outcome, setOutcome] = useState<{ done: number; refused: string[] } | undefined>();
  const [problem, setProblem] = useState('');
  const read = readBulkDraft(draft, currency);
  const set = (changes: Partial<BulkDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setOutcome(undefined);
  };

  function apply(event: FormEvent) {
    event.preventDefault();
    setProblem('');
    if (!read.ok) {
      setProblem(read.problem);
      return;
    }
    const ids = selected.map((product) => product._id as string);
    change.mutate(
      { ids, ...bulkBody(draft, read.amount) },
      {
        onSuccess: (answer) => {
          const refused = (answer.results ?? [])
            .filter((result) => result.itemMetadata?.success === false)
            .map((result) => {
              const product = selected.find((listed) => listed._id === result.itemMetadata?._id);
              return `${product?.name ?? result.itemMetadata?._id}: ${result.itemMetadata?.error?.description ?? 'refused'}`;
            });
          const done = answer.bulkActionMetadata?.totalSuccesses ?? 0;
          if (refused.length) setOutcome({ done, refused });
          else onDone(`${FIELD_LABELS[draft.field]} changed on ${done} ${done === 1 ? 'product' : 'products'}.`);
        },
        onError: (err) => setProblem(`Nothing was changed: ${errorText(err)}`),
      },
    );
  }

  const unit = draft.mode === 'percent' ? '%' : draft.field === 'weight' ? 'kg' : currency;
  return (
    <section className="form-section bulk" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        Change {selected.length} {selected.length === 1 ? 'product' : 'products'}
      </h2>
      <form className="form-row" onSubmit={apply} aria-label="Bulk change">
        <div className="field">
          <label htmlFor={`${id}-field`}>Change</label>
          <select id={`${id}-field`} value={draft.field} onChange={(event) => set({ field: event.target.value as BulkField })}>
            <option value="price">Price</option>
            <option value="cost">Cost</option>
            <option value="weight">Weight</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-mode`}>How</label>
          <select id={`${id}-mode`} value={draft.mode} onChange={(event) => set({ mode: event.target.value as BulkDraft['mode'] })}>
            <option value="percent">By a percentage</option>
            <option value="amount">By an amount</option>
            <option value="set">To a value</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-value`}>{draft.mode === 'set' ? `New value (${unit})` : `Change (${unit}, negative lowers)`}</label>
          <input
            id={`${id}-value`}
            inputMode="decimal"
            value={draft.value}
            aria-invalid={draft.value && !read.ok ? true : undefined}
            onChange={(event) => set({ value: event.target.value })}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {change.isPending ? 'Applying…' : `Apply to ${selected.length} ${selected.length === 1 ? 'product' : 'products'}`}
        </button>
      </form>
      {draft.value && !read.ok ? <p className="field__error">{read.problem}</p> : null}
      {read.ok ? (
        <table className="table" aria-label="Preview">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="num">
                {FIELD_LABELS[draft.field]} now
              </th>
              <th scope="col" className="num">
                After
              </th>
            </tr>
          </thead>
          <tbody>
            {selected.map((product) => {
              const now = currentValue(product, draft.field);
              const after = nextValue(now, draft, read.amount, currency);
              return (
                <tr key={product._id} data-testid="preview-row">
                  <th scope="row">{product.name}</th>
                  <td className="num">{shown(now, draft.field, currency)}</td>
                  <td className="num">{after !== undefined && after < 0 ? 'below zero: refused' : shown(after, draft.field, currency)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <Problem text={problem} />
      {outcome ? (
        <div role="status">
          <p className="form-saved">
            {outcome.done} {outcome.done === 1 ? 'product' : 'products'} changed.
          </p>
          {outcome.refused.length ? (
            <ul className="form-error">
              {outcome.refused.map((refusal) => (
                <li key={refusal}>{refusal}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
