import { useQuery } from '@tanstack/react-query';
import { useVitrine } from '@vitrine/react';
import type { CouponScope } from '@vitrine/sdk';
import { useId, useState } from 'react';
import { useCollectionList } from '../lib/collections-admin.js';
import { merchantApi } from '../lib/console-client.js';
import type { ScopeChoice } from '../lib/coupon-draft.js';
import { errorText } from '../lib/format.js';
import { Field } from './field.js';

/**
 * The form section of which lines something applies to (a coupon's "Applies to", a membership plan's
 * "Pays for"), under its legend: every product, chosen products (found by name), or the products of
 * chosen collections. Changing the kind empties the choice; the draft's problem with it below.
 */
export function ScopeSection({
  legend,
  draft,
  error,
  set,
}: {
  legend: string;
  draft: ScopeChoice;
  error?: string;
  set: (changes: ScopeChoice) => void;
}) {
  const { scope, scopeIds } = draft;
  return (
    <fieldset className="form-section">
      <legend>{legend}</legend>
      <Field label="Lines">
        {(fieldProps) => (
          <select {...fieldProps} value={scope} onChange={(event) => set({ scope: event.target.value as CouponScope, scopeIds: [] })}>
            <option value="ALL">Every product</option>
            <option value="PRODUCTS">Chosen products</option>
            <option value="COLLECTIONS">Products of chosen collections</option>
          </select>
        )}
      </Field>
      {scope === 'COLLECTIONS' ? <CollectionPicker ids={scopeIds} onChange={(next) => set({ scope, scopeIds: next })} /> : null}
      {scope === 'PRODUCTS' ? <ProductPicker ids={scopeIds} onChange={(next) => set({ scope, scopeIds: next })} /> : null}
      {error ? <p className="field__error">{error}</p> : null}
    </fieldset>
  );
}

function CollectionPicker({ ids, onChange }: { ids: string[]; onChange: (ids: string[]) => void }) {
  const list = useCollectionList();
  if (list.isPending) return <p role="status">Loading the collections…</p>;
  if (list.isError) return <p className="form-error">The collections could not be loaded: {errorText(list.error)}</p>;
  if (!list.data.length) return <p className="muted">The shop has no collections yet.</p>;
  return (
    <fieldset className="picker">
      <legend>Collections</legend>
      {list.data.map((collection) => (
        <label key={collection._id} className="check">
          <input
            type="checkbox"
            checked={ids.includes(collection._id as string)}
            onChange={(event) =>
              onChange(event.target.checked ? [...ids, collection._id as string] : ids.filter((id) => id !== collection._id))
            }
          />{' '}
          {collection.name}
        </label>
      ))}
    </fieldset>
  );
}

/** The chosen products by name, and a search to add more. */
function ProductPicker({ ids, onChange }: { ids: string[]; onChange: (ids: string[]) => void }) {
  const id = useId();
  const { client } = useVitrine();
  const [draft, setDraft] = useState('');
  const [term, setTerm] = useState('');
  const products = merchantApi(client).products;
  const chosen = useQuery({
    queryKey: ['console', 'products', 'names', ids],
    enabled: ids.length > 0,
    queryFn: async () =>
      (await products.queryProducts({ filter: { id: { $in: ids } }, paging: { limit: 100, offset: 0 } }, { includeHiddenProducts: true }))
        .products ?? [],
  });
  const found = useQuery({
    queryKey: ['console', 'products', 'pick', term],
    enabled: term.length > 0,
    queryFn: async () =>
      (
        await products.queryProducts(
          { filter: { name: { $contains: term } }, sort: [{ fieldName: 'name', order: 'ASC' }], paging: { limit: 10, offset: 0 } },
          { includeHiddenProducts: true },
        )
      ).products ?? [],
  });
  const nameOf = (pid: string) => chosen.data?.find((product) => product._id === pid)?.name ?? 'A product';
  return (
    <div className="picker">
      {ids.length ? (
        <ul className="candidates">
          {ids.map((pid) => (
            <li key={pid}>
              <span>{nameOf(pid)}</span>
              <button type="button" className="button button--quiet" onClick={() => onChange(ids.filter((other) => other !== pid))}>
                Take {nameOf(pid)} out
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="toolbar__search">
        <label htmlFor={`${id}-q`}>Find a product</label>
        <input
          id={`${id}-q`}
          type="search"
          maxLength={100}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches here rather than submitting the form around the picker
            if (event.key === 'Enter') {
              event.preventDefault();
              setTerm(draft.trim());
            }
          }}
        />
        <button type="button" className="button" onClick={() => setTerm(draft.trim())}>
          Find
        </button>
      </div>
      {found.data?.length ? (
        <ul className="candidates">
          {found.data
            .filter((product) => !ids.includes(product._id as string))
            .map((product) => (
              <li key={product._id}>
                <span>{product.name}</span>
                <button type="button" className="button" onClick={() => onChange([...ids, product._id as string])}>
                  Choose {product.name}
                </button>
              </li>
            ))}
        </ul>
      ) : found.data ? (
        <p className="muted">No product has “{term}” in its name.</p>
      ) : null}
    </div>
  );
}
