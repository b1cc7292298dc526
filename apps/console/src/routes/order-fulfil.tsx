import { type CarrierCode, SHIPPING_CARRIERS } from '@vitrine/sdk';
import { type FormEvent, useState } from 'react';
import { Field } from '../components/field.js';
import { type OrderActionFormProps, OrderFormFoot } from '../components/order-action-form.js';
import { type ActionProblems, actionProblems } from '../lib/order-problems.js';
import { checkedUnits, unitsLeft } from '../lib/order-units.js';

/**
 * A parcel of the order: how many units of each line it holds (every unit not yet sent, to begin
 * with), the carrier, the tracking number, and for another carrier its https tracking link. For an
 * order the buyer collects, the units made ready for pickup, with no carrier: the buyer is e-mailed
 * that they can collect them.
 */
export function FulfilForm({ order, busy, send, close }: OrderActionFormProps) {
  const pickup = order.shippingInfo?.pickup;
  const left = unitsLeft(order, 'fulfilledQuantity');
  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries(left.map((unit) => [unit.line._id ?? '', String(unit.left)])),
  );
  const [carrier, setCarrier] = useState<CarrierCode>('OTHER');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const [problems, setProblems] = useState<ActionProblems>({ fields: {}, lines: {} });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { problems: lines, units } = checkedUnits(quantities, left);
    const general =
      !Object.keys(lines).length && !units.length ? `Choose at least one item ${pickup ? 'that is ready' : 'to ship'}.` : undefined;
    const fields: Record<string, string> = {};
    if (carrier === 'OTHER' && trackingUrl.trim() && !/^https:\/\/\S+$/i.test(trackingUrl.trim()))
      fields.trackingUrl = 'Give an https:// link.';
    setProblems({ fields, lines, general });
    if (general || Object.keys(lines).length || Object.keys(fields).length) return;
    try {
      await send(
        pickup
          ? { kind: 'fulfil', lineItems: units }
          : {
              kind: 'fulfil',
              lineItems: units,
              carrier,
              trackingNumber: trackingNumber.trim(),
              ...(carrier === 'OTHER' ? { trackingUrl: trackingUrl.trim() } : {}),
            },
      );
      close();
    } catch (err) {
      setProblems(actionProblems(err));
    }
  };

  return (
    <form className="inline-form" onSubmit={submit} aria-label={pickup ? 'Ready for pickup' : 'Fulfil items'} noValidate>
      <fieldset className="units">
        <legend>{pickup ? 'Items ready for pickup' : 'Items in this parcel'}</legend>
        {left.map(({ line, left: remaining }) => (
          <Field
            key={line._id}
            label={`${line.name} (${remaining} ${pickup ? 'not ready yet' : 'to ship'})`}
            error={problems.lines[line._id ?? '']}
          >
            {(props) => (
              <input
                {...props}
                inputMode="numeric"
                value={quantities[line._id ?? ''] ?? ''}
                onChange={(event) => setQuantities((current) => ({ ...current, [line._id ?? '']: event.target.value }))}
              />
            )}
          </Field>
        ))}
      </fieldset>
      {pickup ? (
        <p className="muted">The buyer is e-mailed that these items are ready to collect, with the place and time they chose.</p>
      ) : (
        <>
          <Field label="Carrier" error={problems.fields.carrier}>
            {(props) => (
              <select {...props} value={carrier} onChange={(event) => setCarrier(event.target.value as CarrierCode)}>
                {SHIPPING_CARRIERS.map((known) => (
                  <option key={known.code} value={known.code}>
                    {known.name}
                  </option>
                ))}
                <option value="OTHER">Other carrier</option>
              </select>
            )}
          </Field>
          <Field label="Tracking number (optional)" error={problems.fields.trackingNumber}>
            {(props) => (
              <input {...props} maxLength={100} value={trackingNumber} onChange={(event) => setTrackingNumber(event.target.value)} />
            )}
          </Field>
          {carrier === 'OTHER' ? (
            <Field label="Tracking link (optional)" hint="The carrier's page for this parcel, https://" error={problems.fields.trackingUrl}>
              {(props) => (
                <input
                  {...props}
                  type="url"
                  maxLength={2048}
                  placeholder="https://"
                  value={trackingUrl}
                  onChange={(event) => setTrackingUrl(event.target.value)}
                />
              )}
            </Field>
          ) : (
            <p className="muted">The tracking link is made from the number on the carrier's site.</p>
          )}
        </>
      )}
      <OrderFormFoot problem={problems.general} submit={pickup ? 'Mark ready for pickup' : 'Record fulfilment'} busy={busy} close={close} />
    </form>
  );
}
