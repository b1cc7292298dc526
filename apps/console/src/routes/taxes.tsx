import type { TaxRate, TaxSettings } from '@vitrine/sdk';
import { useId, useState } from 'react';
import { Field, TextField } from '../components/field.js';
import { FormFooter } from '../components/form-footer.js';
import { LoadFailed } from '../components/load-failed.js';
import { Problem } from '../components/problem.js';
import { TableHead } from '../components/table-head.js';
import { useCheckedForm } from '../lib/checked-form.js';
import { errorText } from '../lib/format.js';
import { fractionToPercent, placeFields, type TaxRateDraft, taxRateDraftOf, taxRateOf } from '../lib/tax-draft.js';
import { useTaxChange, useTaxRates, useTaxSettings } from '../lib/taxes-admin.js';

const JURISDICTIONS: Record<TaxRateDraft['jurisdictionType'], string> = {
  COUNTRY: 'A country',
  STATE: 'A state or region',
  COUNTY: 'A county (by postal codes)',
  CITY: 'A city',
  SPECIAL: 'A special district (by postal codes)',
};

/** Where a rate applies, in words. */
function placeOf(rate: TaxRate): string {
  const parts = [rate.city, rate.county, rate.subdivision, rate.country].filter(Boolean);
  const codes = rate.postalCodes?.length ? ` · ${rate.postalCodes.length} postal code${rate.postalCodes.length === 1 ? '' : 's'}` : '';
  return `${parts.join(', ')}${codes}`;
}

/** How the shop charges tax, and its rates: added, changed, deleted. */
export function TaxesPage() {
  const id = useId();
  const settings = useTaxSettings();
  const rates = useTaxRates();
  const change = useTaxChange();
  const [editing, setEditing] = useState<TaxRate | 'new' | undefined>();
  const [problem, setProblem] = useState('');

  const remove = (rate: TaxRate) => {
    if (!window.confirm(`Delete the rate “${rate.name}”? Carts are taxed without it from now on.`)) return;
    setProblem('');
    change.mutate({ kind: 'delete', id: rate._id as string }, { onError: (err) => setProblem(`Not deleted: ${errorText(err)}`) });
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="page-heading">
        <h1 id={`${id}-title`}>Taxes</h1>
      </div>
      {settings.isPending ? (
        <p role="status">Loading the tax settings…</p>
      ) : settings.isError ? (
        <LoadFailed what="The tax settings" error={settings.error} retry={settings.refetch} />
      ) : (
        <SettingsForm initial={settings.data} />
      )}
      <section className="form-section" aria-labelledby={`${id}-rates`}>
        <div className="page-heading">
          <h2 id={`${id}-rates`}>Rates</h2>
          <button type="button" className="button" onClick={() => setEditing('new')}>
            Add a rate
          </button>
        </div>
        <Problem text={problem} />
        {editing ? (
          <RateForm
            key={editing === 'new' ? 'new' : editing._id}
            rate={editing === 'new' ? undefined : editing}
            done={() => setEditing(undefined)}
          />
        ) : null}
        {rates.isPending ? (
          <p role="status">Loading the rates…</p>
        ) : rates.isError ? (
          <LoadFailed what="The rates" error={rates.error} retry={rates.refetch} />
        ) : !rates.data.length ? (
          <p className="muted">No rates: nothing is taxed.</p>
        ) : (
          <table className="table table--stacked">
            <TableHead columns={['Rate', 'Where', { title: '%', numeric: true }, 'Shipping']} />
            <tbody>
              {rates.data.map((rate) => (
                <tr key={rate._id} data-testid="tax-rate-row">
                  <th scope="row">{rate.name}</th>
                  <td data-label="Where">{placeOf(rate)}</td>
                  <td className="num" data-label="Tax">
                    {fractionToPercent(rate.rate ?? '0')} %
                  </td>
                  <td data-label="Shipping">{rate.appliesToShipping ? 'Taxed' : 'Not taxed'}</td>
                  <td className="num row-actions">
                    <button type="button" className="button button--quiet" onClick={() => setEditing(rate)}>
                      Edit {rate.name}
                    </button>
                    <button type="button" className="button button--quiet" disabled={change.isPending} onClick={() => remove(rate)}>
                      Delete {rate.name}…
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </section>
  );
}

function SettingsForm({ initial }: { initial: TaxSettings }) {
  const change = useTaxChange();
  const { draft, set, problem, busy, saved, submit } = useCheckedForm(
    { taxIncludedInPrices: !!initial.taxIncludedInPrices, taxMode: initial.taxMode ?? 'MANUAL', taxShipping: !!initial.taxShipping },
    (settings: Required<Omit<TaxSettings, '_updatedDate'>>) => ({ value: settings }),
    (value) => change.mutateAsync({ kind: 'settings', settings: value }),
    'The settings were not saved',
  );
  return (
    <form className="form-section" onSubmit={submit} aria-label="Tax settings">
      <h2>How tax is charged</h2>
      <Field label="Tax">
        {(fieldProps) => (
          <select
            {...fieldProps}
            value={draft.taxMode}
            onChange={(event) => set({ taxMode: event.target.value as TaxSettings['taxMode'] & string })}
          >
            <option value="MANUAL">By the rates below</option>
            <option value="AUTO">Automatically (no provider built in: the rates below meanwhile)</option>
            <option value="NONE">Not collected</option>
          </select>
        )}
      </Field>
      <label className="check">
        <input
          type="checkbox"
          checked={draft.taxIncludedInPrices}
          onChange={(event) => set({ taxIncludedInPrices: event.target.checked })}
        />{' '}
        Prices include tax
      </label>
      <label className="check">
        <input type="checkbox" checked={draft.taxShipping} onChange={(event) => set({ taxShipping: event.target.checked })} /> Tax shipping
        too
      </label>
      <FormFooter problem={problem} saved={saved} busy={busy} submitLabel="Save the settings" />
    </form>
  );
}

function RateForm({ rate, done }: { rate?: TaxRate; done: () => void }) {
  const change = useTaxChange();
  const { draft, set, errors, problems, problem, busy, submit } = useCheckedForm(
    taxRateDraftOf(rate),
    taxRateOf,
    async (value) => {
      await change.mutateAsync(rate ? { kind: 'update', id: rate._id as string, rate: value } : { kind: 'create', rate: value });
      done();
    },
    'The rate was not saved',
  );
  const uses = placeFields(draft.jurisdictionType);
  return (
    <form className="form-section" onSubmit={submit} aria-label={rate ? `Edit ${rate.name}` : 'New rate'} noValidate>
      <div className="form-row">
        <TextField label="Name" error={errors.name} value={draft.name} maxLength={200} onChange={(name) => set({ name })} />
        <Field label="Applies to">
          {(fieldProps) => (
            <select
              {...fieldProps}
              value={draft.jurisdictionType}
              onChange={(event) => set({ jurisdictionType: event.target.value as TaxRateDraft['jurisdictionType'] })}
            >
              {Object.entries(JURISDICTIONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Rate (%)" error={errors.percent}>
          {(fieldProps) => (
            <input {...fieldProps} inputMode="decimal" value={draft.percent} onChange={(event) => set({ percent: event.target.value })} />
          )}
        </Field>
      </div>
      <div className="form-row">
        <TextField
          label="Country code"
          hint="Two letters: US, DE…"
          error={errors.country}
          value={draft.country}
          maxLength={2}
          onChange={(country) => set({ country })}
        />
        {uses.subdivision ? (
          <Field label="Region code" hint="Like US-NY." error={errors.subdivision}>
            {(fieldProps) => (
              <input
                {...fieldProps}
                maxLength={6}
                value={draft.subdivision}
                onChange={(event) => set({ subdivision: event.target.value })}
              />
            )}
          </Field>
        ) : null}
        {uses.county ? (
          <TextField label="County" error={errors.county} value={draft.county} maxLength={100} onChange={(county) => set({ county })} />
        ) : null}
        {uses.city ? (
          <TextField label="City" error={errors.city} value={draft.city} maxLength={100} onChange={(city) => set({ city })} />
        ) : null}
      </div>
      {uses.postalCodes ? (
        <Field label="Postal codes" hint="Separated by commas, spaces or lines." error={errors.postalCodes}>
          {(fieldProps) => (
            <textarea {...fieldProps} rows={3} value={draft.postalCodes} onChange={(event) => set({ postalCodes: event.target.value })} />
          )}
        </Field>
      ) : null}
      <label className="check">
        <input type="checkbox" checked={draft.appliesToShipping} onChange={(event) => set({ appliesToShipping: event.target.checked })} />{' '}
        Applies to shipping
      </label>
      <FormFooter problems={problems} problem={problem} busy={busy} submitLabel={rate ? 'Save the rate' : 'Add the rate'}>
        <button type="button" className="button button--quiet" onClick={done}>
          Cancel
        </button>
      </FormFooter>
    </form>
  );
}
