import { useCart, useCoupon } from '@vitrine/react';
import { type FormEvent, useId, useState } from 'react';
import { useLocale } from '../lib/locale.js';
import { formatPrice } from './cart-money.js';
import { couponRefusal } from './coupon-refusal.js';

/**
 * The coupon field: applies a code through the server, which says whether it takes it (its message
 * is shown in the form); an applied coupon is shown with its saving and a remove button, or, when it
 * takes nothing off (below its minimum, not for these items: the cart's `calculationErrors`), as not
 * applying, with the server's reason and what to do (issue #19).
 */
export function CartCouponForm({ currency }: { currency: string }) {
  const { data: cart } = useCart();
  const coupon = useCoupon();
  const locale = useLocale();
  const [code, setCode] = useState('');
  const id = useId();
  const applied = cart?.appliedDiscounts?.find((discount) => discount.coupon)?.coupon;
  const notApplied = applied ? cart?.calculationErrors?.couponCalculationError?.applicationError : undefined;

  async function apply(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return;
    if (await coupon.apply(trimmed)) setCode('');
  }

  return (
    <section className="cart-coupon" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="cart-section__title">
        Coupon
      </h2>
      {applied ? (
        <div className="cart-coupon__applied" data-testid="applied-coupon" data-applies={!notApplied}>
          <p>
            <strong>{applied.code}</strong>
            {applied.name ? ` · ${applied.name}` : ''}
            {!notApplied && applied.amount && Number(applied.amount.amount) > 0
              ? ` (−${formatPrice(applied.amount, currency, locale)})`
              : ''}
          </p>
          {notApplied ? (
            <p className="cart-coupon__reason" data-testid="coupon-not-applied">
              {`Not applied: ${notApplied.description ?? 'this coupon takes nothing off your cart.'}`}
            </p>
          ) : null}
          <button type="button" className="button button--ghost" onClick={() => coupon.remove()} disabled={coupon.isPending}>
            Remove coupon
          </button>
        </div>
      ) : null}
      <form className="cart-coupon__form" onSubmit={apply} noValidate>
        <label htmlFor={id}>{applied ? 'Use another code' : 'Coupon code'}</label>
        <div className="cart-coupon__row">
          <input
            id={id}
            name="couponCode"
            autoComplete="off"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              if (coupon.error) coupon.reset();
            }}
            aria-invalid={coupon.error ? true : undefined}
            aria-describedby={coupon.error ? `${id}-error` : undefined}
          />
          <button type="submit" className="button" disabled={coupon.isPending || !code.trim()}>
            {coupon.isPending ? 'Applying…' : 'Apply'}
          </button>
        </div>
        {coupon.error ? (
          <p id={`${id}-error`} className="cart-form__error" role="alert">
            {couponRefusal(coupon.error, locale)}
          </p>
        ) : null}
      </form>
    </section>
  );
}
