import type { Order } from '@vitrine/sdk';
import { Link } from 'react-router';
import { dateTime, money } from '../lib/format.js';
import { orderBadge } from '../lib/order-status.js';

/** Who bought: the payer's name (the recipient's when none was given) over their e-mail. */
function BuyerCell({ order }: { order: Order }) {
  const contact = order.billingInfo?.contactDetails ?? order.shippingInfo?.contactDetails;
  const name = [contact?.firstName, contact?.lastName].filter(Boolean).join(' ');
  return (
    <>
      {name ? <span className="cell-title">{name}</span> : null}
      <span className={name ? 'muted cell-sub' : undefined}>{order.buyerInfo?.email}</span>
    </>
  );
}

/** Orders as rows linking to their pages: number, placed, (buyer,) state and total; stacked on a phone. */
export function OrdersTable({ orders, withBuyer, rowTestId }: { orders: Order[]; withBuyer: boolean; rowTestId: string }) {
  return (
    <div className="table-scroll">
      <table className="table table--stacked">
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            {withBuyer ? <th scope="col">Buyer</th> : null}
            <th scope="col">State</th>
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const badge = orderBadge(order);
            return (
              <tr key={order._id} data-testid={rowTestId}>
                <th scope="row">
                  <Link to={`/orders/${encodeURIComponent(order._id ?? '')}`}>#{order.number}</Link>
                </th>
                <td data-label="Placed">{dateTime(order._createdDate)}</td>
                {withBuyer ? (
                  <td data-label="Buyer">
                    <BuyerCell order={order} />
                  </td>
                ) : null}
                <td data-label="State">
                  <span className={`badge badge--${badge.tone}`}>{badge.label}</span>
                </td>
                <td className="num" data-label="Total">
                  {money(order.priceSummary?.total, order.currency)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
