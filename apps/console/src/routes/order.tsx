import type { Address, ContactDetails, Order } from '@vitrine/sdk';
import { addressLines, chosenTimeText, lineOptionsText, recipientLines } from '@vitrine/sdk/wording';
import { type FormEvent, useCallback, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { LoadFailed } from '../components/load-failed.js';
import { OrderTimeline } from '../components/order-timeline.js';
import { customerPath } from '../lib/customers-admin.js';
import { dateTime, errorText, money } from '../lib/format.js';
import { orderBadge } from '../lib/order-status.js';
import { type OrderAction, useOrder, useOrderAction } from '../lib/orders-query.js';
import { FulfilForm } from './order-fulfil.js';
import { OrderHistory } from './order-history.js';
import { RefundForm } from './order-refund.js';

/** One order: what was bought, by whom, where it goes, and the merchant's actions on it. */
export function OrderPage() {
  const { orderId = '' } = useParams();
  const { data: order, isPending, isError, error, refetch } = useOrder(orderId);

  return (
    <section>
      <p>
        <Link to="/orders">← All orders</Link>
      </p>
      {isPending ? (
        <p role="status">Loading the order…</p>
      ) : isError ? (
        <LoadFailed what="The order" error={error} retry={refetch} />
      ) : (
        <OrderDetails order={order} />
      )}
    </section>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const badge = orderBadge(order);
  const currency = order.currency;
  const pickup = order.shippingInfo?.pickup;
  // a pickup's units are made ready for the buyer to collect, not sent
  const doneLabel = pickup ? 'Ready' : 'Sent';
  return (
    <>
      <div className="page-heading">
        <h1>Order #{order.number}</h1>
        <span className={`badge badge--${badge.tone}`} data-testid="order-state">
          {badge.label}
        </span>
      </div>
      <p className="muted">Placed {dateTime(order._createdDate)}</p>
      <OrderActions order={order} />
      <div className="columns">
        <div>
          <h2>Items</h2>
          <table className="table table--stacked">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className="num">
                  Quantity
                </th>
                <th scope="col" className="num">
                  {doneLabel}
                </th>
                <th scope="col" className="num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {(order.lineItems ?? []).map((line, i) => (
                <tr key={line._id ?? i} data-testid="order-line">
                  <th scope="row">
                    {line.name}
                    {line.descriptionLines?.length ? <span className="muted"> · {lineOptionsText(line.descriptionLines)}</span> : null}
                    {line.sku ? <span className="muted"> · SKU {line.sku}</span> : null}
                  </th>
                  <td className="num" data-label="Quantity">
                    {line.quantity}
                  </td>
                  <td className="num" data-label={doneLabel}>
                    {line.fulfilledQuantity ?? 0}
                  </td>
                  <td className="num" data-label="Total">
                    {money(line.totalPrice, currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="totals">
            <dt>Subtotal</dt>
            <dd>{money(order.priceSummary?.subtotal, currency)}</dd>
            {Number(order.priceSummary?.discount?.amount) ? (
              <>
                <dt>Discount</dt>
                <dd>−{money(order.priceSummary?.discount, currency)}</dd>
              </>
            ) : null}
            <dt>Shipping</dt>
            <dd>{money(order.priceSummary?.shipping, currency)}</dd>
            <dt>Tax</dt>
            <dd>{money(order.priceSummary?.tax, currency)}</dd>
            <dt>Total</dt>
            <dd data-testid="order-total">{money(order.priceSummary?.total, currency)}</dd>
          </dl>
        </div>
        <div>
          <h2>Buyer</h2>
          <p>
            {order.buyerInfo?.email ? (
              <Link to={customerPath(order.buyerInfo.memberId ?? order._id ?? '')}>{order.buyerInfo.email}</Link>
            ) : null}
          </p>
          <h2>{pickup ? 'Pickup' : 'Delivery'}</h2>
          <p>{order.shippingInfo?.title}</p>
          {pickup ? <p data-testid="order-pickup">Pick up at {addressLines(pickup.address).join(', ') || 'the shop'}</p> : null}
          <ChosenTime shipping={order.shippingInfo} />
          {/* of a pickup, who collects it: nothing is sent to the address typed at checkout */}
          <AddressLines
            address={pickup ? undefined : order.shippingInfo?.address}
            contact={order.shippingInfo?.contactDetails}
            testId="order-ship-to"
          />
          <OrderHistory order={order} />
          <h2>Billing</h2>
          <AddressLines address={order.billingInfo?.address} contact={order.billingInfo?.contactDetails} testId="order-bill-to" />
          <h2>Payment</h2>
          <p>
            {order.paymentMethod?.title ?? '—'}
            {order.paidDate ? ` · paid ${dateTime(order.paidDate)}` : ''}
          </p>
          {order.cancellation ? (
            <>
              <h2>Canceled</h2>
              <p>
                {dateTime(order.cancellation.canceledDate)}
                {order.cancellation.reason ? ` · ${order.cancellation.reason}` : ''}
              </p>
            </>
          ) : null}
        </div>
      </div>
      <OrderTimeline orderId={order._id ?? ''} pickup={Boolean(pickup)} />
    </>
  );
}

/** Who (name, company) and where, then the phone: each on its line. */
function AddressLines({ address, contact, testId }: { address?: Address; contact?: ContactDetails; testId: string }) {
  if (!address && !contact) return null;
  const lines = recipientLines(address, contact);
  return (
    <address data-testid={testId}>
      {lines.map((line) => (
        <span key={line}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}

/** The time the buyer chose for the delivery or pickup, in the zone they read it in, when they chose one. */
function ChosenTime({ shipping }: { shipping: Order['shippingInfo'] }) {
  const time = chosenTimeText(shipping?.deliveryTimeSlot);
  if (!time) return null;
  return (
    <p data-testid="order-chosen-time">
      {shipping?.pickup ? 'Pickup time' : 'Delivery time'}: {time}
    </p>
  );
}

/** What the merchant may do with the order now: record the payment, ship some or all of it, refund it, or cancel it. */
function OrderActions({ order }: { order: Order }) {
  const id = useId();
  const action = useOrderAction(order._id ?? '');
  const [form, setForm] = useState<'none' | 'fulfil' | 'refund' | 'cancel'>('none');
  const [reason, setReason] = useState('');
  const [confirmPaid, setConfirmPaid] = useState(false);
  const closeConfirmPaid = useCallback(() => setConfirmPaid(false), []);

  const live = order.status !== 'CANCELED';
  const unpaid = live && (order.paymentStatus === 'NOT_PAID' || order.paymentStatus === 'PENDING');
  const toShip = live && order.fulfillmentStatus !== 'FULFILLED';
  const refundable = order.paymentStatus === 'PAID' || order.paymentStatus === 'PARTIALLY_REFUNDED';
  const cancelable = live && order.fulfillmentStatus === 'NOT_FULFILLED';
  if (!unpaid && !toShip && !refundable && !cancelable) return null;

  const run = (chosen: OrderAction) => action.mutate(chosen, { onSuccess: () => setForm('none') });
  const send = (chosen: OrderAction) => action.mutateAsync(chosen);
  const close = () => {
    action.reset();
    setForm('none');
  };
  const submitCancel = (event: FormEvent) => {
    event.preventDefault();
    run({ kind: 'cancel', reason: reason.trim() });
  };

  return (
    <div className="actions">
      <div className="actions__buttons">
        {unpaid ? (
          <button type="button" className="button button--primary" disabled={action.isPending} onClick={() => setConfirmPaid(true)}>
            Mark as paid
          </button>
        ) : null}
        {toShip ? (
          <button type="button" className="button" disabled={action.isPending} onClick={() => setForm('fulfil')}>
            {order.shippingInfo?.pickup ? 'Ready for pickup…' : 'Fulfil items…'}
          </button>
        ) : null}
        {refundable ? (
          <button type="button" className="button" disabled={action.isPending} onClick={() => setForm('refund')}>
            Refund…
          </button>
        ) : null}
        {cancelable ? (
          <button type="button" className="button button--danger" disabled={action.isPending} onClick={() => setForm('cancel')}>
            Cancel order…
          </button>
        ) : null}
      </div>
      {action.isError && (form === 'none' || form === 'cancel') ? (
        <p className="form-error" role="alert">
          {errorText(action.error)}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirmPaid}
        title={`Mark order #${order.number} as paid?`}
        confirmLabel="Mark as paid"
        busy={action.isPending}
        onCancel={closeConfirmPaid}
        onConfirm={() => action.mutate({ kind: 'mark-paid' }, { onSettled: closeConfirmPaid })}
      >
        <p>
          Only when the {money(order.priceSummary?.total, order.currency)} have arrived: the buyer is e-mailed that their payment was
          received, and the order is ready to {order.shippingInfo?.pickup ? 'prepare for pickup' : 'ship'}.
        </p>
      </ConfirmDialog>
      {form === 'fulfil' ? <FulfilForm order={order} busy={action.isPending} send={send} close={close} /> : null}
      {form === 'refund' ? <RefundForm order={order} busy={action.isPending} send={send} close={close} /> : null}
      {form === 'cancel' ? (
        <form className="inline-form" onSubmit={submitCancel} aria-label="Cancel the order">
          <p>Cancelling puts the items back in stock. The buyer is not refunded here.</p>
          <label htmlFor={`${id}-reason`}>Reason (optional, kept on the order)</label>
          <input id={`${id}-reason`} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
          <div className="actions__buttons">
            <button type="submit" className="button button--danger" disabled={action.isPending}>
              Cancel the order
            </button>
            <button type="button" className="button" onClick={() => setForm('none')}>
              Keep it
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
