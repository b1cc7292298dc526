import type { ShopSettings } from '@vitrine/sdk';
import { useId } from 'react';
import { Field } from '../components/field.js';
import { FormFooter } from '../components/form-footer.js';
import { LoadFailed } from '../components/load-failed.js';
import { FieldRefusal, useCheckedForm } from '../lib/checked-form.js';
import { useShopSettings, useShopSettingsChange } from '../lib/shop-settings-admin.js';
import { type ShopSettingsDraft, serverFieldErrors, shopSettingsDraftOf, shopSettingsOf } from '../lib/shop-settings-draft.js';
import { useIsOwner } from '../lib/staff-admin.js';

/** Every time zone the browser knows, for the picker. */
const TIME_ZONES: string[] = Intl.supportedValuesOf('timeZone');

/** The shop's details, the sender of its e-mails and the ways buyers pay. */
export function SettingsPage() {
  const id = useId();
  const settings = useShopSettings();
  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="page-heading">
        <h1 id={`${id}-title`}>Settings</h1>
      </div>
      {settings.isPending ? (
        <p role="status">Loading the settings…</p>
      ) : settings.isError ? (
        <LoadFailed what="The settings" error={settings.error} retry={settings.refetch} />
      ) : (
        <SettingsForm initial={settings.data} />
      )}
    </section>
  );
}

function SettingsForm({ initial }: { initial: ShopSettings }) {
  const change = useShopSettingsChange();
  // Payments are the owner's (the server refuses staff a change that names them): staff neither see nor send them.
  const isOwner = useIsOwner();
  const form = useCheckedForm(
    shopSettingsDraftOf(initial),
    shopSettingsOf,
    async (value) => {
      try {
        const { payments, ...shop } = value;
        await change.mutateAsync(isOwner ? value : shop);
      } catch (error) {
        const errors = serverFieldErrors(error);
        throw errors ? new FieldRefusal(errors, { cause: error }) : error;
      }
      form.set({ secretKey: '', webhookSecret: '' });
    },
    'The settings were not saved',
  );
  const { draft, set, errors, problems, problem, busy, saved, submit } = form;
  /** A text input of the draft's `key`, for a `Field` (which hands it the id and the error's description). */
  const text =
    (key: keyof ShopSettingsDraft, maxLength: number, type = 'text') =>
    (fieldProps: { id: string }) => (
      <input
        {...fieldProps}
        type={type}
        maxLength={maxLength}
        value={draft[key] as string}
        onChange={(event) => set({ [key]: event.target.value } as Partial<ShopSettingsDraft>)}
      />
    );
  const toggle = (key: keyof ShopSettingsDraft, label: string) => (
    <label className="check">
      <input
        type="checkbox"
        checked={draft[key] as boolean}
        onChange={(event) => set({ [key]: event.target.checked } as Partial<ShopSettingsDraft>)}
      />{' '}
      {label}
    </label>
  );
  const card = initial.payments?.card;
  return (
    <form className="settings-form" onSubmit={submit} aria-label="Shop settings" noValidate>
      <fieldset className="form-section">
        <legend>Shop</legend>
        <div className="form-row">
          <Field label="Shop name" hint="On every page and e-mail." error={errors.shopName}>
            {text('shopName', 100)}
          </Field>
          <Field label="Contact e-mail" hint="Buyers’ replies to your e-mails go here; order pages show it." error={errors.contactEmail}>
            {text('contactEmail', 254, 'email')}
          </Field>
        </div>
        <div className="form-row">
          <Field label="Street and number" error={errors.addressLine}>
            {text('addressLine', 500)}
          </Field>
          <Field label="City" error={errors.city}>
            {text('city', 200)}
          </Field>
          <Field label="Postal code" error={errors.postalCode}>
            {text('postalCode', 50)}
          </Field>
          <Field label="Region code" hint="Like US-NY." error={errors.subdivision}>
            {text('subdivision', 10)}
          </Field>
          <Field label="Country code" hint="Two letters: US, DE…" error={errors.country}>
            {text('country', 2)}
          </Field>
        </div>
        <div className="form-row">
          <Field label="Time zone" hint="Dates in e-mails and order pages are shown in it." error={errors.timeZone}>
            {(fieldProps) => (
              <select {...fieldProps} value={draft.timeZone} onChange={(event) => set({ timeZone: event.target.value })}>
                {(TIME_ZONES.includes(draft.timeZone) ? TIME_ZONES : [draft.timeZone, ...TIME_ZONES]).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Order-number prefix" hint="Before the number of new orders, like SHOP-." error={errors.orderNumberPrefix}>
            {text('orderNumberPrefix', 12)}
          </Field>
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>E-mails</legend>
        <div className="form-row">
          <Field label="Sender name" hint="Who the shop’s e-mails come from." error={errors.senderName}>
            {text('senderName', 100)}
          </Field>
          <Field label="Sender address" error={errors.senderEmail}>
            {text('senderEmail', 254, 'email')}
          </Field>
        </div>
      </fieldset>
      {isOwner ? (
        <fieldset className="form-section" aria-describedby={errors.payments ? 'payments-error' : undefined}>
          <legend>Payments</legend>
          {errors.payments ? (
            <p className="field__error" id="payments-error">
              {errors.payments}
            </p>
          ) : null}
          {toggle('bankTransfer', 'Bank transfer (the order number is the reference)')}
          <div className="method-details">
            <div className="form-row">
              <Field label="Account holder" error={errors.accountHolder}>
                {text('accountHolder', 140)}
              </Field>
              <Field label="IBAN" hint="Spaces are fine." error={errors.iban}>
                {text('iban', 42)}
              </Field>
              <Field label="BIC" error={errors.bic}>
                {text('bic', 11)}
              </Field>
            </div>
            <div className="form-row">
              <Field label="Account number" hint="Where there is no IBAN." error={errors.accountNumber}>
                {text('accountNumber', 34)}
              </Field>
              <Field label="Routing number" hint="ABA routing number, sort code…" error={errors.routingNumber}>
                {text('routingNumber', 34)}
              </Field>
              <Field label="Bank name" error={errors.bankName}>
                {text('bankName', 140)}
              </Field>
            </div>
            <Field label="Note under the bank details" hint="{number} and {total} are filled in." error={errors.bankInstructions}>
              {(fieldProps) => (
                <textarea
                  {...fieldProps}
                  rows={2}
                  maxLength={2000}
                  value={draft.bankInstructions}
                  onChange={(event) => set({ bankInstructions: event.target.value })}
                />
              )}
            </Field>
          </div>
          {toggle('cashOnDelivery', 'Cash on delivery (offered for deliveries)')}
          <br />
          {toggle('payAtPickup', 'Pay at pickup (offered for pickups)')}
          <br />
          {toggle('card', 'Card payments')}
          <div className="method-details form-row">
            <Field label="Publishable key" error={errors.publishableKey}>
              {text('publishableKey', 255)}
            </Field>
            <Field
              label="Secret key"
              hint={card?.secretKeySet ? 'Set. Type a new one to replace it.' : 'Not set.'}
              error={errors.secretKey}
            >
              {text('secretKey', 255, 'password')}
            </Field>
            <Field
              label="Webhook secret"
              hint={card?.webhookSecretSet ? 'Set. Type a new one to replace it.' : 'Not set.'}
              error={errors.webhookSecret}
            >
              {text('webhookSecret', 255, 'password')}
            </Field>
          </div>
        </fieldset>
      ) : null}
      <FormFooter problems={problems} problem={problem} saved={saved} busy={busy} submitLabel="Save the settings" />
    </form>
  );
}
