import { useCartUpdating, useEstimateTotals } from '@vitrine/react';
import type { Address, EstimateTotalsOptions } from '@vitrine/sdk';
import { useId, useState } from 'react';
import { CartAddressForm } from './cart-address-form.js';
import { CartCheckoutButton } from './cart-checkout-button.js';
import { serverMessage } from './cart-error-message.js';
import { CartShippingOptions, type ShippingChoice } from './cart-shipping-options.js';
import { CartTotals } from './cart-totals.js';

/** The estimate input for what the shopper entered so far (nothing: the cart's own totals). */
export function estimateInput(address: Address | undefined, shipping: ShippingChoice | undefined): EstimateTotalsOptions {
  return {
    ...(address && { shippingAddress: address }),
    ...(shipping && { selectedShippingOption: shipping }),
  };
}

/**
 * The order summary of the cart page: the server's totals for the cart (estimated for a shipping
 * address once the shopper gives one, with its shipping options to choose from) and "Checkout",
 * which carries that address and option into the hosted checkout.
 */
export function CartEstimate({ currency }: { currency: string }) {
  const id = useId();
  const isUpdating = useCartUpdating();
  const [address, setAddress] = useState<Address>();
  const [shipping, setShipping] = useState<ShippingChoice>();
  const input = estimateInput(address, shipping);
  const estimate = useEstimateTotals(input);
  const data = estimate.data;
  const shippingError = data?.calculationErrors?.generalShippingCalculationError;
  const stale = isUpdating || estimate.isPlaceholderData || estimate.isFetching;
  const selected = data?.shippingInfo?.selectedCarrierServiceOption;
  const details = address
    ? {
        shippingAddress: address,
        ...(selected?.code && { selectedShippingOption: { code: selected.code, carrierId: selected.carrierId } }),
      }
    : undefined;

  return (
    <section className="cart-summary" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="cart-section__title">
        Order summary
      </h2>
      <details className="cart-summary__estimate" open>
        <summary>Estimate shipping and tax</summary>
        <CartAddressForm
          busy={estimate.isFetching && !!address}
          onEstimate={(entered) => {
            setAddress(entered);
            setShipping(undefined);
          }}
        />
      </details>
      {address ? (
        <CartShippingOptions
          info={data?.shippingInfo}
          currency={currency}
          selected={estimate.isFetching && shipping ? shipping.code : selected?.code}
          onChoose={setShipping}
        />
      ) : null}
      {shippingError ? (
        <p className="cart-form__error" role="alert">
          {serverMessage({ message: 'Shipping could not be calculated', details: shippingError })}
        </p>
      ) : null}
      {estimate.isError ? (
        <p className="cart-form__error" role="alert">
          The totals could not be estimated: {serverMessage(estimate.error)}
        </p>
      ) : data ? (
        <CartTotals estimate={data} currency={data.currency ?? currency} stale={stale} addressKnown={!!address} />
      ) : (
        <p className="cart-summary__loading">Working out your totals…</p>
      )}
      <CartCheckoutButton details={details} />
    </section>
  );
}
