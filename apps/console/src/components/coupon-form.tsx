import { useQuery } from '@tanstack/react-query';
import { useVitrine } from '@vitrine/react';
import type { ShopCoupon } from '@vitrine/sdk';
import { useId, useState } from 'react';
import { useCheckedForm } from '../lib/checked-form.js';
import { useCollectionList } from '../lib/collections-admin.js';
import { merchantApi } from '../lib/console-client.js';
import { type CouponDraft, couponOf } from '../lib/coupon-draft.js';
import { errorText } from '../lib/format.js';
import { Field } from './field.js';
import { FormFooter } from './form-footer.js';

/**
 * A coupon's fields: the code and name, what it gives, which lines it applies to (all, chosen
 * products, chosen collections), its conditions and limits, and whether it is on. Checked here, each
 * problem by its field; the server's refusal (a code already used) above the button.
 */
export function CouponForm({
  initial,
  currency,
  submitLabel,
  save,
}: {
  initial: CouponDraft;
  currency: string;
  submitLabel: string;
  save: (coupon: ShopCoupon) => Promise<unknown>;
}) {
  const { draft, set, errors, problems, problem, busy, saved, submit } = useCheckedForm(
    initial,
    (d: CouponDraft) => {
      const checked = couponOf(d, currency);
      return 'errors' in checked ? checked : { value: checked.coupon };
    },
    save,
    'The coupon was not saved',
  );

  return (
    <form className="product-form" onSubmit={submit} noValidate aria-label="Coupon">
      <fieldset className="form-section">
        <legend>The coupon</legend>
        <div className="form-row">
          <Field label="Code" hint="What shoppers type; capitals do not matter." error={errors.code}>
            {(p) => (
              <input {...p} value={draft.code} maxLength={64} autoCapitalize="characters" onChange={(e) => set({ code: e.target.value })} />
            )}
          </Field>
          <Field label="Name" hint="Shown in the shopper's cart." error={errors.name}>
            {(p) => <input {...p} value={draft.name} maxLength={200} onChange={(e) => set({ name: e.target.value })} />}
          </Field>
        </div>
        <div className="form-row">
          <Field label="What it gives">
            {(p) => (
              <select {...p} value={draft.kind} onChange={(e) => set({ kind: e.target.value as CouponDraft['kind'] })}>
                <option value="PERCENT">A percentage off</option>
                <option value="AMOUNT">An amount off</option>
                <option value="FREE_SHIPPING">Free shipping</option>
                <option value="FIXED_PRICE">A fixed price per item</option>
              </select>
            )}
          </Field>
          {draft.kind !== 'FREE_SHIPPING' ? (
            <Field
              label={
                draft.kind === 'PERCENT'
                  ? 'Percentage off'
                  : draft.kind === 'AMOUNT'
                    ? `Amount off (${currency})`
                    : `Price per item (${currency})`
              }
              error={errors.value}
            >
              {(p) => <input {...p} inputMode="decimal" value={draft.value} onChange={(e) => set({ value: e.target.value })} />}
            </Field>
          ) : null}
          <label className="check">
            <input type="checkbox" checked={draft.active} onChange={(e) => set({ active: e.target.checked })} /> On (shoppers can use it)
          </label>
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>Applies to</legend>
        <Field label="Lines">
          {(p) => (
            <select {...p} value={draft.scope} onChange={(e) => set({ scope: e.target.value as CouponDraft['scope'], scopeIds: [] })}>
              <option value="ALL">Every product</option>
              <option value="PRODUCTS">Chosen products</option>
              <option value="COLLECTIONS">Products of chosen collections</option>
            </select>
          )}
        </Field>
        {draft.scope === 'COLLECTIONS' ? <CollectionPicker ids={draft.scopeIds} onChange={(scopeIds) => set({ scopeIds })} /> : null}
        {draft.scope === 'PRODUCTS' ? <ProductPicker ids={draft.scopeIds} onChange={(scopeIds) => set({ scopeIds })} /> : null}
        {errors.scopeIds ? <p className="field__error">{errors.scopeIds}</p> : null}
      </fieldset>
      <fieldset className="form-section">
        <legend>Conditions and limits</legend>
        <div className="form-row">
          <Field label={`Minimum subtotal (${currency})`} hint="Of the lines it applies to; empty: none." error={errors.minimumSubtotal}>
            {(p) => (
              <input {...p} inputMode="decimal" value={draft.minimumSubtotal} onChange={(e) => set({ minimumSubtotal: e.target.value })} />
            )}
          </Field>
          <Field label="Starts" hint="Empty: at once." error={errors.startsAt}>
            {(p) => <input {...p} type="datetime-local" value={draft.startsAt} onChange={(e) => set({ startsAt: e.target.value })} />}
          </Field>
          <Field label="Ends" hint="Empty: never." error={errors.expiresAt}>
            {(p) => <input {...p} type="datetime-local" value={draft.expiresAt} onChange={(e) => set({ expiresAt: e.target.value })} />}
          </Field>
        </div>
        <div className="form-row">
          <Field label="Uses in all" hint="Orders it can be used in; empty: no limit." error={errors.usageLimit}>
            {(p) => <input {...p} inputMode="numeric" value={draft.usageLimit} onChange={(e) => set({ usageLimit: e.target.value })} />}
          </Field>
          <Field label="Uses per customer" hint="Empty: no limit." error={errors.limitPerCustomer}>
            {(p) => (
              <input
                {...p}
                inputMode="numeric"
                value={draft.limitPerCustomer}
                onChange={(e) => set({ limitPerCustomer: e.target.value })}
              />
            )}
          </Field>
        </div>
      </fieldset>
      <FormFooter problems={problems} problem={problem} saved={saved} busy={busy} submitLabel={submitLabel} />
    </form>
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
      {list.data.map((c) => (
        <label key={c._id} className="check">
          <input
            type="checkbox"
            checked={ids.includes(c._id as string)}
            onChange={(e) => onChange(e.target.checked ? [...ids, c._id as string] : ids.filter((x) => x !== c._id))}
          />{' '}
          {c.name}
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
  const nameOf = (pid: string) => chosen.data?.find((p) => p._id === pid)?.name ?? 'A product';
  return (
    <div className="picker">
      {ids.length ? (
        <ul className="candidates">
          {ids.map((pid) => (
            <li key={pid}>
              <span>{nameOf(pid)}</span>
              <button type="button" className="button button--quiet" onClick={() => onChange(ids.filter((x) => x !== pid))}>
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
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            // Enter searches here rather than submitting the coupon form
            if (e.key === 'Enter') {
              e.preventDefault();
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
            .filter((p) => !ids.includes(p._id as string))
            .map((p) => (
              <li key={p._id}>
                <span>{p.name}</span>
                <button type="button" className="button" onClick={() => onChange([...ids, p._id as string])}>
                  Choose {p.name}
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
