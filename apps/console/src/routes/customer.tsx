import type { CustomerAddress, CustomerDetails } from '@vitrine/sdk';
import { addressLines } from '@vitrine/sdk/wording';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../components/load-failed.js';
import { OrdersTable } from '../components/orders-table.js';
import { useCustomer } from '../lib/customers-admin.js';
import { dateTime } from '../lib/format.js';
import { customerName, SpentAmounts } from './customers.js';

/** One customer's page (`/customers/:customerId`). */
export function CustomerPage() {
  return <CustomerDetailsPage customerId={useParams().customerId ?? ''} />;
}

/** One customer: who they are, what they ordered and spent, where they ship to, their membership plans. */
function CustomerDetailsPage({ customerId }: { customerId: string }) {
  const { data, isPending, isError, error, refetch } = useCustomer(customerId);
  const id = useId();
  const notFound = (error as { status?: number } | null)?.status === 404;

  return (
    <section aria-labelledby={`${id}-title`}>
      <p>
        <Link to="/customers">← Customers</Link>
      </p>
      {isPending ? (
        <p role="status">Loading the customer…</p>
      ) : notFound ? (
        <>
          <h1 id={`${id}-title`}>Customer not found</h1>
          <p>No member, and no order of a guest, has this id.</p>
        </>
      ) : isError ? (
        <LoadFailed what="The customer" error={error} retry={refetch} />
      ) : (
        <CustomerView details={data} titleId={`${id}-title`} />
      )}
    </section>
  );
}

function CustomerView({ details, titleId }: { details: CustomerDetails; titleId: string }) {
  const { customer, orders, addresses, memberships } = details;
  const name = customerName(customer);
  return (
    <>
      <div className="page-heading">
        <h1 id={titleId}>{name || customer.email}</h1>
        <span className={`badge badge--${customer.kind === 'MEMBER' ? 'ok' : 'muted'}`}>
          {customer.kind === 'MEMBER' ? 'Member' : 'Guest'}
        </span>
      </div>
      <dl className="facts">
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${customer.email}`}>{customer.email}</a>
        </dd>
        {customer.registeredDate ? (
          <>
            <dt>Registered</dt>
            <dd>{dateTime(customer.registeredDate)}</dd>
          </>
        ) : null}
        <dt>Orders</dt>
        <dd data-testid="customer-order-count">{customer.orderCount}</dd>
        <dt>Spent</dt>
        <dd data-testid="customer-spent">
          <SpentAmounts customer={customer} />
        </dd>
        <dt>Last order</dt>
        <dd>{customer.lastOrderDate ? dateTime(customer.lastOrderDate) : '—'}</dd>
      </dl>
      <h2>Orders</h2>
      {orders.length ? (
        <>
          <OrdersTable orders={orders} withBuyer={false} rowTestId="customer-order" />
          {customer.orderCount > orders.length ? (
            <p className="muted">
              The latest {orders.length} of {customer.orderCount} orders.
            </p>
          ) : null}
        </>
      ) : (
        <p className="empty">No orders yet.</p>
      )}
      <h2>Addresses</h2>
      {addresses.length ? (
        <ul className="address-list">
          {addresses.map((address) => (
            <li key={`${address.source}:${placeText(address)}`} data-testid="customer-address">
              <span className="muted cell-sub">
                {address.source === 'PROFILE' ? `Saved${address.tag ? ` · ${address.tag.toLowerCase()}` : ''}` : 'Shipped to'}
              </span>
              <address>{placeText(address)}</address>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">No addresses.</p>
      )}
      {customer.kind === 'MEMBER' ? (
        <>
          <h2>Membership plans</h2>
          {memberships.length ? (
            <div className="table-scroll">
              <table className="table table--stacked">
                <thead>
                  <tr>
                    <th scope="col">Plan</th>
                    <th scope="col">Since</th>
                    <th scope="col">Expires</th>
                    <th scope="col" className="num">
                      Credits left
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {memberships.map((membership) => (
                    <tr key={membership._id} data-testid="customer-membership">
                      <th scope="row">{membership.planName}</th>
                      <td data-label="Since">{dateTime(membership._createdDate)}</td>
                      <td data-label="Expires">{membership.expiresAt ? dateTime(membership.expiresAt) : 'Never'}</td>
                      <td className="num" data-label="Credits left">
                        {membership.creditsRemaining ?? 'Unlimited'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="empty">No membership plans.</p>
          )}
        </>
      ) : null}
    </>
  );
}

/** An address on one line as the order pages write it (`addressLines`: "1 Main St, 62701 Springfield, IL, US"), or its stored one-line form. */
function placeText({ address }: CustomerAddress): string {
  return addressLines({
    addressLine1: address.addressLine,
    addressLine2: address.addressLine2,
    city: address.city,
    subdivision: address.subdivision,
    postalCode: address.postalCode,
    country: address.country,
    formatted: address.formattedAddress,
  }).join(', ');
}
