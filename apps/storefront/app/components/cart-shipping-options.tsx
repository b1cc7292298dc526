import type { ShippingInfo, ShippingOption } from '@vitrine/sdk';
import { useState } from 'react';
import { formatDate, useLocale } from '../lib/locale.js';
import { formatPrice } from './cart-money.js';

/** How many options show before "Show more" (pickup windows can run to dozens). */
const FIRST = 4;

/** A chosen shipping option as the estimate and checkout take it back. */
export interface ShippingChoice {
  code: string;
  carrierId?: string;
}

/** The delivery time, pickup place or pickup window of an option, in words. */
function detailOf(option: ShippingOption, locale: string): string {
  const logistics = option.logistics;
  const slot = logistics?.deliveryTimeSlot;
  const parts: string[] = [];
  if (logistics?.deliveryTime) parts.push(logistics.deliveryTime);
  const pickup = logistics?.pickupDetails?.address;
  if (pickup) parts.push([pickup.addressLine1, pickup.city].filter(Boolean).join(', '));
  if (slot?.from && slot.to) {
    const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    parts.push(
      `${formatDate(new Date(slot.from).toISOString(), locale)}, ${time.format(new Date(slot.from))}–${time.format(new Date(slot.to))} UTC`,
    );
  }
  return parts.join(' · ');
}

/** The shipping options the server offers for the address, as a radio group; choosing one re-estimates. */
export function CartShippingOptions({
  info,
  currency,
  selected,
  onChoose,
}: {
  info: ShippingInfo | undefined;
  currency: string;
  /** the option shown as chosen: the shopper's last click, else the one the server's estimate used */
  selected: string | undefined;
  onChoose(choice: ShippingChoice): void;
}) {
  const locale = useLocale();
  const [all, setAll] = useState(false);
  const carriers = info?.carrierServiceOptions ?? [];
  const options = carriers.flatMap((carrier) =>
    (carrier.shippingOptions ?? []).map((shippingOption) => ({ carrierId: carrier.carrierId, option: shippingOption })),
  );
  if (!options.length) return null;
  const shown = all ? options : options.filter((option, i) => i < FIRST || option.option.code === selected);
  return (
    <fieldset className="cart-shipping">
      <legend>Shipping option</legend>
      {shown.map(({ carrierId, option }) => {
        const code = option.code ?? '';
        const detail = detailOf(option, locale);
        return (
          <label key={`${carrierId}:${code}`} className="cart-shipping__option">
            <input
              type="radio"
              name="shippingOption"
              value={code}
              checked={code === selected}
              onChange={() => onChoose({ code, ...(carrierId && { carrierId }) })}
            />
            <span className="cart-shipping__text">
              <span className="cart-shipping__title">{option.title ?? code}</span>
              {detail ? <span className="cart-shipping__detail">{detail}</span> : null}
            </span>
            <span className="cart-shipping__price">{formatPrice(option.cost?.price, currency, locale)}</span>
          </label>
        );
      })}
      {shown.length < options.length ? (
        <button type="button" className="button button--ghost cart-shipping__more" onClick={() => setAll(true)}>
          Show {options.length - shown.length} more options
        </button>
      ) : null}
    </fieldset>
  );
}
