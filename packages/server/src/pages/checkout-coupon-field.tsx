/**
 * The hosted checkout's coupon field (issue #19): the coupon on the checkout (its code and what it
 * takes off, or why it takes nothing and what to do), a remove button, and a code to apply. Both
 * buttons post the whole checkout form to the page's update URL (so nothing typed is lost without
 * JavaScript); with it, the live-totals script sends them and swaps this section in place.
 */

/** What the coupon field shows, every amount formatted. */
export interface CouponFieldView {
  /** the coupon on the checkout; `code` is unknown when the coupon can no longer be used */
  applied?: { code?: string; discount?: string; reason?: string };
  /** a code just typed and refused, and why */
  refused?: { code: string; reason: string };
}

/** The form field names the coupon buttons and input post. */
export const COUPON_INPUT = 'couponCode';
export const COUPON_ACTION = 'couponAction';

export const couponStyles = `
.coupon-applied{display:flex;flex-wrap:wrap;align-items:center;gap:var(--space-2) var(--space-4);margin:0 0 var(--space-4);
padding:var(--space-3) var(--space-4);border:1px solid var(--color-border);border-radius:var(--radius);background:var(--color-notice-bg)}
.coupon-applied[data-applies=false]{background:var(--color-danger-bg);border-color:var(--color-danger)}
.coupon-applied p{margin:0;flex:1 1 14rem;min-width:0;overflow-wrap:anywhere}
.coupon-applied .field-error{margin-top:var(--space-1)}
.coupon-applied .button{width:auto;margin:0}
.coupon-row{display:flex;gap:var(--space-2)}
.coupon-row input{flex:1 1 auto;min-width:0}
.coupon-row .button{width:auto;margin:0;flex:0 0 auto}
`;

function AppliedCoupon({ applied, action }: { applied: NonNullable<CouponFieldView['applied']>; action: string }) {
  const applies = !applied.reason;
  return (
    <div className="coupon-applied" data-applies={applies} data-testid="checkout-coupon">
      <p>
        {applied.code ? <strong>{applied.code}</strong> : 'The coupon on your cart'}
        {applies ? (applied.discount ? ` takes ${applied.discount} off your order.` : ' is applied.') : null}
        {!applies && (
          <span className="field-error" id="coupon-reason">
            {`Not applied: ${applied.reason}`}
          </span>
        )}
      </p>
      <button
        type="submit"
        id="coupon-remove"
        className="button button-secondary"
        formAction={action}
        formNoValidate
        name={COUPON_ACTION}
        value="remove"
        data-coupon=""
      >
        Remove coupon
      </button>
    </div>
  );
}

/** The coupon section; `action` is the page's update URL. */
export function CouponField({ view, action }: { view: CouponFieldView; action: string }) {
  const inputId = `field-${COUPON_INPUT}`;
  const refused = view.refused;
  return (
    <section id="section-coupon" aria-labelledby="coupon-title" className="checkout-section">
      <h2 id="coupon-title">Coupon</h2>
      {view.applied && <AppliedCoupon applied={view.applied} action={action} />}
      <div className="field">
        <label htmlFor={inputId}>{view.applied ? 'Use another code' : 'Coupon code'}</label>
        <div className="coupon-row">
          <input
            id={inputId}
            name={COUPON_INPUT}
            type="text"
            autoComplete="off"
            maxLength={64}
            defaultValue={refused?.code}
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? `${inputId}-error` : undefined}
          />
          <button
            type="submit"
            id="coupon-apply"
            className="button button-secondary"
            formAction={action}
            formNoValidate
            name={COUPON_ACTION}
            value="apply"
            data-coupon=""
          >
            Apply
          </button>
        </div>
        {refused && (
          <span className="field-error" id={`${inputId}-error`} role="alert">
            {refused.reason}
          </span>
        )}
      </div>
    </section>
  );
}
