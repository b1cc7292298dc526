import { useCartUpdating, useRemoveLineItem, useUpdateQuantity } from '@vitrine/react';
import type { LineItem, MultiCurrencyPrice } from '@vitrine/sdk';
import { Link } from 'react-router';
import { useLocale } from '../lib/locale.js';
import { CartLineImage, choicesOf } from './cart-line-image.js';
import { formatPrice } from './cart-money.js';
import { QuantityInput } from './quantity-input.js';

/** The most a shopper may ask for when the catalogue names no limit. */
const MAX_QUANTITY = 99;

/** What the shopper must know about a line's availability, or nothing when it is all there. */
export function availabilityWarning(line: LineItem): string | undefined {
  const availability = line.availability;
  if (availability?.status === 'NOT_AVAILABLE' || availability?.status === 'NOT_FOUND')
    return 'No longer available: remove it to check out.';
  if (availability?.status === 'PARTIALLY_AVAILABLE') {
    const available = availability.quantityAvailable ?? 0;
    return `Only ${available} left: lower the quantity to ${available} to check out.`;
  }
  return undefined;
}

/** A link to the product page when the line's URL is one of this shop's. */
function productPath(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, 'http://local').pathname;
  } catch {
    return undefined;
  }
}

interface CartLineProps {
  line: LineItem;
  currency: string;
  large?: boolean;
  /** the line's total from the server (the cart page shows it) */
  total?: MultiCurrencyPrice;
}

/**
 * One cart line: picture, name, chosen options, unit price, quantity stepper (optimistic: the new
 * quantity shows at once, the money waits for the server), the line's total where given, remove,
 * and availability warnings.
 */
export function CartLine({ line, currency, large, total }: CartLineProps) {
  const locale = useLocale();
  const isUpdating = useCartUpdating();
  const update = useUpdateQuantity();
  const remove = useRemoveLineItem();
  const id = line._id ?? '';
  const name = line.productName?.translated ?? line.productName?.original ?? 'Item';
  const options = choicesOf(line);
  const warning = availabilityWarning(line);
  const available = line.availability?.quantityAvailable;
  const max = Math.max(line.quantity ?? 1, Math.min(MAX_QUANTITY, available ?? MAX_QUANTITY));
  const href = productPath(line.url);
  const error = update.error ?? remove.error;
  return (
    <li className={`cart-line${large ? ' cart-line--large' : ''}`} data-testid="cart-line">
      <CartLineImage line={line} size={large ? 112 : 72} />
      <div className="cart-line__body">
        <p className="cart-line__name">{href ? <Link to={href}>{name}</Link> : name}</p>
        {options.length ? (
          <dl className="cart-line__options">
            {options.map((option) => (
              <div key={option.option}>
                <dt>{option.option}</dt>
                <dd>
                  {option.color ? (
                    <span className="cart-line__swatch" aria-hidden="true" style={{ backgroundColor: option.color }} />
                  ) : null}
                  {option.value}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p className="cart-line__price">
          <span className="visually-hidden">Unit price </span>
          {formatPrice(line.price, currency, locale)}
          {line.fullPrice && line.price && Number(line.fullPrice.amount) > Number(line.price.amount) ? (
            <>
              {' '}
              <span className="visually-hidden">Regular price </span>
              <s className="price__was">{formatPrice(line.fullPrice, currency, locale)}</s>
            </>
          ) : null}
        </p>
        {warning ? (
          <p className="cart-line__warning" role="note">
            {warning}
          </p>
        ) : null}
        <div className="cart-line__actions">
          <QuantityInput
            value={line.quantity ?? 1}
            max={max}
            label={`Quantity of ${name}`}
            hideLabel
            itemName={name}
            onChange={(quantity) => update.mutate({ lineItemId: id, quantity })}
          />
          <button
            type="button"
            className="cart-line__remove"
            onClick={() => remove.mutate(id)}
            disabled={remove.isPending}
            aria-label={`Remove ${name}`}
          >
            Remove
          </button>
          {total ? (
            <p className="cart-line__total" data-testid="line-total" aria-busy={isUpdating} data-updating={isUpdating || undefined}>
              <span className="cart-line__total-label">Total </span>
              {formatPrice(total, currency, locale)}
            </p>
          ) : null}
        </div>
        {error ? (
          <p className="cart-line__error" role="alert">
            {error.message}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** The cart's lines, in the order the shopper added them (with their totals, by line id, where given). */
export function CartLines({
  lines,
  currency,
  large,
  totals,
}: {
  lines: LineItem[];
  currency: string;
  large?: boolean;
  totals?: ReadonlyMap<string, MultiCurrencyPrice>;
}) {
  return (
    <ul className="cart-lines" aria-label="Items in your cart">
      {lines.map((line) => (
        <CartLine
          key={line._id ?? line.catalogReference?.catalogItemId}
          line={line}
          currency={currency}
          large={large}
          total={line._id ? totals?.get(line._id) : undefined}
        />
      ))}
    </ul>
  );
}
