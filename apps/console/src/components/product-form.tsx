import type { Product } from '@vitrine/sdk';
import type { ReactNode } from 'react';
import { useCheckedForm } from '../lib/checked-form.js';
import { type DraftErrors, type ProductDraft, perVariant, productOf } from '../lib/product-draft.js';
import { Field, TextField } from './field.js';
import { FormFooter } from './form-footer.js';
import { OptionsEditor } from './options-editor.js';

/**
 * The product's own fields: what shoppers read, the price and discount, the cost, shipping weight,
 * stock and options. Checked here first, each problem by its field; the server's refusal shown above
 * the button. `save` resolves once the server has stored the product. `extras` adds sections read
 * from the draft before the button (a new product's variants and pictures); `save` may refuse their
 * fields with a `FieldRefusal`, whose problems `extras` receives by field.
 */
export function ProductForm({
  initial,
  currency,
  submitLabel,
  save,
  extras,
  keepAs,
}: {
  initial: ProductDraft;
  currency: string;
  submitLabel: string;
  save: (fields: Partial<Product>) => Promise<unknown>;
  extras?: (draft: ProductDraft, errors: DraftErrors) => ReactNode;
  /** where the unsaved draft is kept if the session ends (see lib/kept-drafts.ts) */
  keepAs?: string;
}) {
  const { draft, set, errors, problems, problem, busy, saved, submit, restored } = useCheckedForm(
    initial,
    (entered: ProductDraft) => {
      const checked = productOf(entered, currency);
      return 'errors' in checked ? checked : { value: checked.product };
    },
    save,
    'The product was not saved',
    keepAs,
  );

  return (
    <form className="product-form" onSubmit={submit} noValidate aria-label="Product">
      {restored ? (
        <p role="status" className="notice">
          Your unsaved changes from before your session ended are back. Save them to keep them.
        </p>
      ) : null}
      <fieldset className="form-section">
        <legend>Details</legend>
        <TextField label="Name" error={errors.name} value={draft.name} maxLength={80} required onChange={(name) => set({ name })} />
        <TextField
          label="Web address (slug)"
          hint="Made from the name when left empty."
          error={errors.slug}
          value={draft.slug}
          maxLength={100}
          onChange={(slug) => set({ slug })}
        />
        <Field label="Description" hint="HTML: paragraphs, lists and links are shown as written.">
          {(fieldProps) => (
            <textarea
              {...fieldProps}
              rows={5}
              value={draft.description}
              maxLength={16_000}
              onChange={(event) => set({ description: event.target.value })}
            />
          )}
        </Field>
        <div className="form-row">
          <TextField label="Brand" value={draft.brand} maxLength={50} onChange={(brand) => set({ brand })} />
          <TextField
            label="Ribbon"
            hint="A short label on the product, like “New”."
            value={draft.ribbon}
            maxLength={30}
            onChange={(ribbon) => set({ ribbon })}
          />
          <TextField label="SKU" value={draft.sku} maxLength={40} onChange={(sku) => set({ sku })} />
        </div>
        <div className="form-row">
          <Field label="Kind">
            {(fieldProps) => (
              <select
                {...fieldProps}
                value={draft.productType}
                onChange={(event) => set({ productType: event.target.value as ProductDraft['productType'] })}
              >
                <option value="physical">Physical (shipped)</option>
                <option value="digital">Digital</option>
              </select>
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>Price</legend>
        <div className="form-row">
          <Field label={`Price (${currency})`} error={errors.price}>
            {(fieldProps) => (
              <input {...fieldProps} inputMode="decimal" value={draft.price} onChange={(event) => set({ price: event.target.value })} />
            )}
          </Field>
          <Field label="Discount">
            {(fieldProps) => (
              <select
                {...fieldProps}
                value={draft.discountKind}
                onChange={(event) => set({ discountKind: event.target.value as ProductDraft['discountKind'] })}
              >
                <option value="NONE">None</option>
                <option value="PERCENT">A percentage</option>
                <option value="AMOUNT">An amount</option>
              </select>
            )}
          </Field>
          {draft.discountKind !== 'NONE' ? (
            <Field label={draft.discountKind === 'PERCENT' ? 'Discount (%)' : `Discount (${currency})`} error={errors.discountValue}>
              {(fieldProps) => (
                <input
                  {...fieldProps}
                  inputMode="decimal"
                  value={draft.discountValue}
                  onChange={(event) => set({ discountValue: event.target.value })}
                />
              )}
            </Field>
          ) : null}
          <Field label={`Cost (${currency})`} hint="What the product costs you: never shown to shoppers." error={errors.cost}>
            {(fieldProps) => (
              <input {...fieldProps} inputMode="decimal" value={draft.cost} onChange={(event) => set({ cost: event.target.value })} />
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>Stock and shipping</legend>
        <div className="form-row">
          <label className="check">
            <input type="checkbox" checked={draft.trackInventory} onChange={(event) => set({ trackInventory: event.target.checked })} />{' '}
            Count the stock
          </label>
          {draft.trackInventory && !perVariant(draft) ? (
            <Field label="Quantity in stock" error={errors.quantity}>
              {(fieldProps) => (
                <input
                  {...fieldProps}
                  inputMode="numeric"
                  value={draft.quantity}
                  onChange={(event) => set({ quantity: event.target.value })}
                />
              )}
            </Field>
          ) : null}
          {!draft.trackInventory && !perVariant(draft) ? (
            <label className="check">
              <input type="checkbox" checked={draft.inStock} onChange={(event) => set({ inStock: event.target.checked })} /> In stock
            </label>
          ) : null}
          <Field label="Weight (kg)" error={errors.weight}>
            {(fieldProps) => (
              <input {...fieldProps} inputMode="decimal" value={draft.weight} onChange={(event) => set({ weight: event.target.value })} />
            )}
          </Field>
        </div>
      </fieldset>

      <OptionsEditor options={draft.options} errors={errors} onChange={(options) => set({ options })} />
      {draft.options.length ? (
        <label className="check">
          <input type="checkbox" checked={draft.manageVariants} onChange={(event) => set({ manageVariants: event.target.checked })} /> Set
          price, stock and SKU variant by variant
        </label>
      ) : null}

      {extras?.(draft, errors as DraftErrors)}
      <FormFooter problems={problems} problem={problem} saved={saved} busy={busy} submitLabel={submitLabel} />
    </form>
  );
}
