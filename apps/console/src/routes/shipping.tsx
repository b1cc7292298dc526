import type { ShippingOptionSetting, ShippingRegion } from '@vitrine/sdk';
import { useId, useState } from 'react';
import { Field, TextField } from '../components/field.js';
import { FormFooter } from '../components/form-footer.js';
import { LoadFailed } from '../components/load-failed.js';
import { Problem } from '../components/problem.js';
import { TableHead } from '../components/table-head.js';
import { TimeSlotsEditor } from '../components/time-slots-editor.js';
import { useCheckedForm } from '../lib/checked-form.js';
import { amountIn, errorText } from '../lib/format.js';
import { useShopCurrency } from '../lib/products-admin.js';
import { useShippingChange, useShippingRegions } from '../lib/shipping-admin.js';
import { newTier, type OptionDraft, optionDraftOf, regionDraftOf, regionOf, shippingOptionOf } from '../lib/shipping-draft.js';

const KINDS: Record<OptionDraft['kind'], string> = { FLAT: 'One price', WEIGHT: 'By weight', PICKUP: 'Pickup' };
/** Every IANA time zone the browser knows, for a pickup location's zone. */
const TIME_ZONES = Intl.supportedValuesOf('timeZone');
const slotCount = (count: number) => (count === 0 ? '' : count === 1 ? '1 time slot' : `${count} time slots`);

/** Where the shop ships (regions of countries or their subdivisions) and how, at what price. */
export function ShippingPage() {
  const id = useId();
  const regions = useShippingRegions();
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="page-heading">
        <h1 id={`${id}-title`}>Shipping</h1>
        <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
          Add a region
        </button>
      </div>
      {adding ? <RegionForm done={() => setAdding(false)} /> : null}
      {regions.isPending ? (
        <p role="status">Loading the regions…</p>
      ) : regions.isError ? (
        <LoadFailed what="The shipping regions" error={regions.error} retry={regions.refetch} />
      ) : !regions.data.length ? (
        <p className="empty">No regions: buyers get no shipping options.</p>
      ) : (
        regions.data.map((region) => <RegionCard key={region._id} region={region} />)
      )}
    </section>
  );
}

function RegionCard({ region }: { region: ShippingRegion }) {
  const regionId = region._id as string;
  const currency = useShopCurrency();
  const change = useShippingChange();
  const [editing, setEditing] = useState(false);
  const [option, setOption] = useState<ShippingOptionSetting | 'new' | undefined>();
  const [problem, setProblem] = useState('');
  const money = (amount?: string | null) => amountIn(amount, currency);
  const run = (shippingChange: Parameters<typeof change.mutate>[0], question: string) => {
    if (!window.confirm(question)) return;
    setProblem('');
    change.mutate(shippingChange, { onError: (err) => setProblem(`Not deleted: ${errorText(err)}`) });
  };
  const where = region.countries?.includes('*')
    ? 'Rest of the world'
    : [...(region.subdivisions ?? []), ...(region.countries ?? [])].join(', ');

  return (
    <section className="form-section" aria-label={`Region ${region.name}`} data-testid="shipping-region">
      <div className="page-heading">
        <h2>{region.name}</h2>
        <span className="muted">{where}</span>
      </div>
      <div className="actions__buttons">
        <button type="button" className="button" onClick={() => setEditing(!editing)}>
          Edit {region.name}
        </button>
        <button type="button" className="button" onClick={() => setOption('new')}>
          Add an option to {region.name}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={change.isPending}
          onClick={() => run({ kind: 'delete-region', id: regionId }, `Delete the region ${region.name} and its options?`)}
        >
          Delete {region.name}…
        </button>
      </div>
      <Problem text={problem} />
      {editing ? <RegionForm region={region} done={() => setEditing(false)} /> : null}
      {option ? (
        <OptionForm
          regionId={regionId}
          option={option === 'new' ? undefined : option}
          currency={currency}
          done={() => setOption(undefined)}
        />
      ) : null}
      {region.options?.length ? (
        <table className="table table--stacked" aria-label={`Options of ${region.name}`}>
          <TableHead columns={['Option', 'Price', 'Free from', 'Delivery', 'State']} />
          <tbody>
            {region.options.map((listed) => (
              <tr key={listed._id} data-testid="shipping-option-row">
                <th scope="row">
                  {listed.title} <span className="muted">({listed.code})</span>
                </th>
                <td data-label="Price">
                  {listed.kind === 'WEIGHT'
                    ? `${(listed.weightTiers ?? []).map((tier) => `≤ ${tier.upTo} kg ${money(tier.price)}`).join(' · ')} · above ${money(listed.price)}`
                    : `${listed.kind === 'PICKUP' ? 'Pickup · ' : ''}${money(listed.price)}`}
                </td>
                <td data-label="Free from">{money(listed.freeAbove)}</td>
                <td data-label="Delivery">{[listed.deliveryTime, slotCount(listed.timeSlots?.length ?? 0)].filter(Boolean).join(' · ')}</td>
                <td data-label="State">{listed.active ? 'On' : 'Off'}</td>
                <td className="num row-actions">
                  <button type="button" className="button button--quiet" onClick={() => setOption(listed)}>
                    Edit {listed.title}
                  </button>
                  <button
                    type="button"
                    className="button button--quiet"
                    disabled={change.isPending}
                    onClick={() => run({ kind: 'delete-option', regionId, id: listed._id as string }, `Delete the option ${listed.title}?`)}
                  >
                    Delete {listed.title}…
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">No options yet: buyers here cannot be shipped to.</p>
      )}
    </section>
  );
}

function RegionForm({ region, done }: { region?: ShippingRegion; done: () => void }) {
  const change = useShippingChange();
  const { draft, set, errors, problems, problem, busy, submit } = useCheckedForm(
    regionDraftOf(region),
    regionOf,
    async (value) => {
      await change.mutateAsync(
        region ? { kind: 'update-region', id: region._id as string, region: value } : { kind: 'create-region', region: value },
      );
      done();
    },
    'The region was not saved',
  );
  return (
    <form className="form-section" onSubmit={submit} aria-label={region ? `Edit the region ${region.name}` : 'New region'} noValidate>
      <TextField label="Region name" error={errors.name} value={draft.name} maxLength={200} onChange={(name) => set({ name })} />
      <Field
        label="Countries"
        hint="Two-letter codes separated by commas (DE, AT, CH), or * for the rest of the world."
        error={errors.countries}
      >
        {(fieldProps) => <input {...fieldProps} value={draft.countries} onChange={(event) => set({ countries: event.target.value })} />}
      </Field>
      <Field
        label="Only these regions of them (optional)"
        hint="Like US-AK, US-HI; empty: the whole countries."
        error={errors.subdivisions}
      >
        {(fieldProps) => (
          <input {...fieldProps} value={draft.subdivisions} onChange={(event) => set({ subdivisions: event.target.value })} />
        )}
      </Field>
      <FormFooter problems={problems} problem={problem} busy={busy} submitLabel={region ? 'Save the region' : 'Add the region'}>
        <button type="button" className="button button--quiet" onClick={done}>
          Cancel
        </button>
      </FormFooter>
    </form>
  );
}

function OptionForm({
  regionId,
  option,
  currency,
  done,
}: {
  regionId: string;
  option?: ShippingOptionSetting;
  currency: string;
  done: () => void;
}) {
  const change = useShippingChange();
  const { draft, set, errors, problems, problem, busy, submit } = useCheckedForm(
    optionDraftOf(option),
    (entered: OptionDraft) => shippingOptionOf(entered, currency),
    async (value) => {
      await change.mutateAsync(
        option
          ? { kind: 'update-option', regionId, id: option._id as string, option: value }
          : { kind: 'create-option', regionId, option: value },
      );
      done();
    },
    'The option was not saved',
  );
  const setTier = (i: number, changes: Partial<OptionDraft['tiers'][number]>) =>
    set({ tiers: draft.tiers.map((tier, k) => (k === i ? { ...tier, ...changes } : tier)) });
  return (
    <form
      className="form-section"
      onSubmit={submit}
      aria-label={option ? `Edit the option ${option.title}` : 'New shipping option'}
      noValidate
    >
      <div className="form-row">
        <TextField
          label="Title"
          hint="What buyers read."
          error={errors.title}
          value={draft.title}
          maxLength={200}
          onChange={(title) => set({ title })}
        />
        <TextField
          label="Code"
          hint="Unique, no spaces."
          error={errors.code}
          value={draft.code}
          maxLength={64}
          onChange={(code) => set({ code })}
        />
        <Field label="Priced" error={errors.kind}>
          {(fieldProps) => (
            <select
              {...fieldProps}
              value={draft.kind}
              onChange={(event) =>
                set({
                  kind: event.target.value as OptionDraft['kind'],
                  tiers: event.target.value === 'WEIGHT' && !draft.tiers.length ? [newTier()] : draft.tiers,
                })
              }
            >
              {Object.entries(KINDS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {draft.kind === 'WEIGHT' ? (
        <fieldset className="form-section">
          <legend>Weight tiers</legend>
          {draft.tiers.map((tier, i) => (
            <div key={tier.key} className="form-row">
              <Field label={`Tier ${i + 1}: up to (kg)`} error={errors[`tiers.${i}`]}>
                {(fieldProps) => (
                  <input
                    {...fieldProps}
                    inputMode="decimal"
                    value={tier.upTo}
                    onChange={(event) => setTier(i, { upTo: event.target.value })}
                  />
                )}
              </Field>
              <Field label={`Tier ${i + 1}: price (${currency})`}>
                {(fieldProps) => (
                  <input
                    {...fieldProps}
                    inputMode="decimal"
                    value={tier.price}
                    onChange={(event) => setTier(i, { price: event.target.value })}
                  />
                )}
              </Field>
              <button type="button" className="button button--quiet" onClick={() => set({ tiers: draft.tiers.filter((_, k) => k !== i) })}>
                Remove tier {i + 1}
              </button>
            </div>
          ))}
          <button type="button" className="button" onClick={() => set({ tiers: [...draft.tiers, newTier()] })}>
            Add a tier
          </button>
        </fieldset>
      ) : null}
      <div className="form-row">
        <Field label={draft.kind === 'WEIGHT' ? `Price above the last tier (${currency})` : `Price (${currency})`} error={errors.price}>
          {(fieldProps) => (
            <input {...fieldProps} inputMode="decimal" value={draft.price} onChange={(event) => set({ price: event.target.value })} />
          )}
        </Field>
        <Field label={`Free from a subtotal of (${currency})`} hint="Empty: never free." error={errors.freeAbove}>
          {(fieldProps) => (
            <input
              {...fieldProps}
              inputMode="decimal"
              value={draft.freeAbove}
              onChange={(event) => set({ freeAbove: event.target.value })}
            />
          )}
        </Field>
        <Field label="Delivery time" hint="Like “2–4 working days”.">
          {(fieldProps) => (
            <input
              {...fieldProps}
              maxLength={200}
              value={draft.deliveryTime}
              onChange={(event) => set({ deliveryTime: event.target.value })}
            />
          )}
        </Field>
      </div>
      <TimeSlotsEditor slots={draft.timeSlots} errors={errors} onChange={(timeSlots) => set({ timeSlots })} />
      {draft.kind === 'PICKUP' ? (
        <fieldset className="form-section">
          <legend>Pickup</legend>
          <div className="form-row">
            <Field label="Where">
              {(fieldProps) => (
                <select
                  {...fieldProps}
                  value={draft.pickupMethod}
                  onChange={(event) => set({ pickupMethod: event.target.value as OptionDraft['pickupMethod'] })}
                >
                  <option value="STORE_PICKUP">At the shop</option>
                  <option value="PICKUP_POINT">At a pickup point</option>
                </select>
              )}
            </Field>
            <Field label="Street address">
              {(fieldProps) => (
                <input
                  {...fieldProps}
                  maxLength={200}
                  value={draft.addressLine}
                  onChange={(event) => set({ addressLine: event.target.value })}
                />
              )}
            </Field>
            <TextField label="City" value={draft.city} maxLength={100} onChange={(city) => set({ city })} />
            <Field label="Postal code">
              {(fieldProps) => (
                <input
                  {...fieldProps}
                  maxLength={20}
                  value={draft.postalCode}
                  onChange={(event) => set({ postalCode: event.target.value })}
                />
              )}
            </Field>
            <TextField
              label="Country code"
              error={errors.country}
              value={draft.country}
              maxLength={2}
              onChange={(country) => set({ country })}
            />
            <Field label="Time zone" hint="Buyers see the time slots in it.">
              {(fieldProps) => (
                <select {...fieldProps} value={draft.timeZone} onChange={(event) => set({ timeZone: event.target.value })}>
                  <option value="">Not set (UTC)</option>
                  {TIME_ZONES.map((zone) => (
                    <option key={zone} value={zone}>
                      {zone.replaceAll('_', ' ')}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <Field label="Instructions">
            {(fieldProps) => (
              <textarea
                {...fieldProps}
                rows={2}
                maxLength={1000}
                value={draft.instructions}
                onChange={(event) => set({ instructions: event.target.value })}
              />
            )}
          </Field>
        </fieldset>
      ) : null}
      <label className="check">
        <input type="checkbox" checked={draft.active} onChange={(event) => set({ active: event.target.checked })} /> On (buyers can choose
        it)
      </label>
      <FormFooter problems={problems} problem={problem} busy={busy} submitLabel={option ? 'Save the option' : 'Add the option'}>
        <button type="button" className="button button--quiet" onClick={done}>
          Cancel
        </button>
      </FormFooter>
    </form>
  );
}
