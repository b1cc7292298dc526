import { formatMoney, useLocale } from '../lib/locale.js';

interface PriceProps {
  currency: string;
  price: number;
  discountedPrice: number;
  /** variant prices differ: shown as "From …" */
  range?: { min: number; max: number };
  pricePerUnit?: { amount: number; base: string };
  compact?: boolean;
}

/** A price in the shop's currency, with the old price struck through when discounted and the unit price. */
export function Price({ currency, price, discountedPrice, range, pricePerUnit, compact }: PriceProps) {
  const locale = useLocale();
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const discounted = discountedPrice < price;
  return (
    <span className={`price${compact ? ' price--compact' : ''}`}>
      {range ? (
        <span className="price__current">From {money(range.min)}</span>
      ) : discounted ? (
        <>
          <span className="visually-hidden">Sale price</span>
          <span className="price__current price__current--sale">{money(discountedPrice)}</span>{' '}
          <span className="visually-hidden">Regular price</span>
          <s className="price__was">{money(price)}</s>
        </>
      ) : (
        <span className="price__current">{money(price)}</span>
      )}
      {pricePerUnit && !compact ? (
        <span className="price__unit">
          {money(pricePerUnit.amount)} / {pricePerUnit.base}
        </span>
      ) : null}
    </span>
  );
}
