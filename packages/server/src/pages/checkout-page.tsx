import { createElement, type ReactNode } from 'react';
import { AddressFields, addressLabels } from './checkout-address-fields.js';
import { CheckoutBackLinks } from './checkout-back-links.js';
import { CouponField, type CouponFieldView, couponStyles } from './checkout-coupon-field.js';
import { checkoutScript } from './checkout-live-totals.js';
import { checkoutStyles, OrderSummary, type SummaryView } from './checkout-summary.js';
import { EmailField, FormError, type FormTarget, fieldId, HiddenInputs, hasErrors } from './components.js';
import { Layout, type PageBase, renderDocument } from './layout.js';

/**
 * The fields of the checkout form, by name, labelled as the page labels them for the countries chosen
 * (the error summary links to each).
 */
function checkoutLabels(shippingCountry?: string, billingCountry?: string) {
  return {
    email: 'Email',
    ...addressLabels('shipping', shippingCountry),
    shippingOption: 'Shipping method',
    timeSlot: 'Time',
    ...addressLabels('billing', billingCountry),
    paymentMethod: 'Payment method',
  };
}
export type CheckoutField = keyof ReturnType<typeof checkoutLabels>;

/** What the form shows again: the saved checkout or the last post. */
export type CheckoutValues = Partial<Record<CheckoutField, string>> & { billingSame?: boolean };

export interface ShippingChoice {
  code: string;
  title: string;
  /** formatted, after its discount ("Free" when nothing) */
  price: string;
  deliveryTime?: string;
  /** a pickup: where, and what to bring */
  pickupNote?: string;
  /** the times the buyer chooses from (their code is the option's code, `@`, the slot), in the location's time zone, which `zone` names */
  slots?: { code: string; day: string; hours: string; zone: string }[];
}

interface PaymentChoice {
  id: string;
  title: string;
  instructions: string;
}

/**
 * The hosted checkout page: contact, shipping address, shipping method (once the address is known),
 * billing address, payment method and the order summary. One form, two buttons: "Update" saves the
 * details and shows the options and totals for them (`updateAction`); "Place order" posts to `action`.
 */
export interface CheckoutPageProps extends PageBase, FormTarget {
  updateAction: string;
  values: CheckoutValues;
  /** undefined until the address is known */
  shippingOptions?: ShippingChoice[];
  payments: PaymentChoice[];
  summary: SummaryView;
  /** shown in a status line, e.g. "Shipping options updated for your address." */
  notice?: string;
  error?: string;
  fieldErrors?: Partial<Record<CheckoutField, string>>;
  /** whether any line needs shipping (else no shipping section) */
  needsShipping: boolean;
  /** the fingerprint of the totals on this page (`totalsFingerprint`) and the total in minor units: posted back by "Place order" */
  shownTotals: string;
  shownTotal: string;
  /** back to the cart and the shop, where the shop has them */
  backLinks?: { cartUrl?: string; shopUrl?: string };
  /** the coupon field (issue #19) */
  coupon?: CouponFieldView;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={`section-${id}`} aria-labelledby={`${id}-title`} className="checkout-section">
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * The times of an option with time slots, as one list grouped by day. Every option's list posts as
 * `timeSlot`; the one whose codes start with the chosen option's code counts (no script needed).
 */
function SlotPicker({ option, slots, chosen }: { option: ShippingChoice; slots: NonNullable<ShippingChoice['slots']>; chosen?: string }) {
  const days = [...new Set(slots.map((s) => s.day))];
  const selectId = `${fieldId('timeSlot')}-${option.code}`;
  return (
    <span className="slot-picker">
      <label htmlFor={selectId}>{`Time for ${option.title}`}</label>
      {/* one zone for the whole list, said once rather than in every option */}
      <span className="hint" id={`${selectId}-zone`}>{`Times in ${slots[0]?.zone}`}</span>
      <select
        id={selectId}
        aria-describedby={`${selectId}-zone`}
        name="timeSlot"
        defaultValue={chosen && slots.some((s) => s.code === chosen) ? chosen : slots[0]?.code}
      >
        {days.map((day) => (
          <optgroup key={day} label={day}>
            {slots
              .filter((s) => s.day === day)
              .map((slot) => (
                <option key={slot.code} value={slot.code}>{`${day}, ${slot.hours}`}</option>
              ))}
          </optgroup>
        ))}
      </select>
    </span>
  );
}

/** A radio group with its legend and error tied to it. */
function Choices(props: {
  name: CheckoutField;
  legend: string;
  items: { value: string; label: string; detail?: string; more?: ReactNode }[];
  checked?: string;
  error?: string;
}) {
  const errorId = `${fieldId(props.name)}-error`;
  return (
    <fieldset className="choices" id={fieldId(props.name)} aria-describedby={props.error ? errorId : undefined} tabIndex={-1}>
      <legend>{props.legend}</legend>
      {props.error && (
        <span className="field-error" id={errorId}>
          {props.error}
        </span>
      )}
      {props.items.map((item, i) => {
        const id = `${fieldId(props.name)}-${i}`;
        return (
          <div className="choice" key={item.value}>
            <input type="radio" id={id} name={props.name} value={item.value} defaultChecked={item.value === props.checked} required />
            <label htmlFor={id}>
              {item.label}
              {item.detail && <span className="hint">{item.detail}</span>}
            </label>
            {item.more}
          </div>
        );
      })}
    </fieldset>
  );
}

/** The checkout page. */
function CheckoutPage(props: CheckoutPageProps) {
  const fieldErrors = props.fieldErrors ?? {};
  const values = props.values;
  const labels = checkoutLabels(values.country, values.billingCountry);
  return (
    <Layout {...props} title="Checkout" hasErrors={hasErrors(props.error, fieldErrors)}>
      <style nonce={props.nonce}>{checkoutStyles + couponStyles}</style>
      <CheckoutBackLinks nonce={props.nonce} {...props.backLinks} />
      <h1>Checkout</h1>
      {/* Always present: the live-totals script writes into it, and screen readers hear it. */}
      <p id="checkout-notice" className="notice" role="status" tabIndex={-1} hidden={!props.notice}>
        {props.notice}
      </p>
      <FormError error={props.error} fieldErrors={fieldErrors} labels={labels} />
      <OrderSummary summary={props.summary} />
      <form method="post" action={props.action} aria-label="Checkout" data-checkout="">
        <HiddenInputs values={props.hidden} />
        <input type="hidden" id="shown-totals" name="shownTotals" value={props.shownTotals} />
        <input type="hidden" id="shown-total" name="shownTotal" value={props.shownTotal} />
        {props.coupon && <CouponField view={props.coupon} action={props.updateAction} />}
        <Section id="contact" title="Contact">
          <EmailField label={labels.email} value={values.email} error={fieldErrors.email} hint="We send the order confirmation here" />
        </Section>
        <Section id="shipping" title={props.needsShipping ? 'Shipping address' : 'Address'}>
          <AddressFields kind="shipping" values={values} errors={fieldErrors} lang={props.lang ?? 'en'} />
          <button type="submit" className="button button-secondary" formAction={props.updateAction} formNoValidate data-update="">
            Update shipping options and totals
          </button>
        </Section>
        {props.needsShipping && (
          <Section id="delivery" title="Shipping method">
            {props.shippingOptions === undefined ? (
              <p className="muted">Enter your address to see how we can deliver.</p>
            ) : props.shippingOptions.length === 0 ? (
              <p className="field-error">We do not ship to this address. Please check the country.</p>
            ) : (
              <Choices
                name="shippingOption"
                legend="Choose how your order reaches you"
                checked={values.shippingOption}
                error={fieldErrors.shippingOption ?? fieldErrors.timeSlot}
                items={props.shippingOptions.map((option) => ({
                  value: option.code,
                  label: `${option.title} – ${option.price}`,
                  detail: [option.deliveryTime, option.pickupNote].filter(Boolean).join('. ') || undefined,
                  more: option.slots && <SlotPicker option={option} slots={option.slots} chosen={values.timeSlot} />,
                }))}
              />
            )}
          </Section>
        )}
        <Section id="billing" title="Billing address">
          <div className="choice">
            <input type="checkbox" id="field-billingSame" name="billingSame" value="on" defaultChecked={values.billingSame !== false} />
            <label htmlFor="field-billingSame">Same as the shipping address</label>
          </div>
          <details open={values.billingSame === false}>
            <summary>A different billing address</summary>
            <p className="hint">Used only when “Same as the shipping address” is not checked.</p>
            <AddressFields kind="billing" values={values} errors={fieldErrors} lang={props.lang ?? 'en'} />
          </details>
        </Section>
        <Section id="payment" title="Payment">
          {props.payments.length === 0 && (
            <p className="field-error" id="no-payment-method">
              The shop takes no payment for this delivery choice. Choose another way to receive your order.
            </p>
          )}
          <Choices
            name="paymentMethod"
            legend="Choose how you pay"
            checked={values.paymentMethod ?? props.payments[0]?.id}
            error={fieldErrors.paymentMethod}
            items={props.payments.map((m) => ({ value: m.id, label: m.title, detail: m.instructions }))}
          />
        </Section>
        <button type="submit" className="button">
          Place order
        </button>
      </form>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own code and constants, no shop or buyer data (checkoutScript refuses a closing tag). */}
      <script nonce={props.nonce} dangerouslySetInnerHTML={{ __html: checkoutScript() }} />
    </Layout>
  );
}

/** The complete HTML document of the checkout page. */
export function renderCheckoutPage(props: CheckoutPageProps): string {
  return renderDocument(createElement(CheckoutPage, props));
}
