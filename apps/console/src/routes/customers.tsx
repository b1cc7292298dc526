import type { Customer } from '@vitrine/sdk';
import { useId } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../components/load-failed.js';
import { Pager } from '../components/pager.js';
import { SearchBox } from '../components/search-box.js';
import { customerPath, useCustomerSearch } from '../lib/customers-admin.js';
import { dateTime } from '../lib/format.js';
import { useListParams } from '../lib/list-params.js';

const PAGE_SIZE = 25;

/** A customer's name, or nothing when they gave none. */
export const customerName = (customer: Pick<Customer, 'firstName' | 'lastName'>) =>
  [customer.firstName, customer.lastName].filter(Boolean).join(' ');

/** What a customer spent, a line per currency ("—" for nothing yet). */
export function SpentAmounts({ customer }: { customer: Customer }) {
  if (!customer.totalSpent.length) return <>—</>;
  return (
    <>
      {customer.totalSpent.map((amount) => (
        <span key={amount.currency} className="cell-title">
          {amount.formattedAmount}
        </span>
      ))}
    </>
  );
}

/** Everyone who ordered or registered, the latest active first: found by name or e-mail, paged; all in the URL. */
export function CustomersPage() {
  const [params, change] = useListParams();
  const query = (params.get('q') ?? '').trim().slice(0, 200);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const { data, isPending, isError, error, isFetching, refetch } = useCustomerSearch({
    ...(query ? { query } : {}),
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const id = useId();
  const total = data?.metadata.total ?? 0;

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="page-heading">
        <h1 id={`${id}-title`}>Customers</h1>
        {isFetching && !isPending ? <span className="muted">Updating…</span> : null}
      </div>
      <div className="toolbar">
        <SearchBox label="Find a customer" placeholder="Name or e-mail" value={query} onSearch={(searched) => change({ q: searched })} />
      </div>
      {isPending ? (
        <p role="status">Loading the customers…</p>
      ) : isError ? (
        <LoadFailed what="The customers" error={error} retry={refetch} />
      ) : !data.customers.length ? (
        <p className="empty">{query ? 'No customer matches.' : 'No customers yet: they appear with their first order or registration.'}</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Customer</th>
                  <th scope="col">Account</th>
                  <th scope="col" className="num">
                    Orders
                  </th>
                  <th scope="col" className="num">
                    Spent
                  </th>
                  <th scope="col">Last order</th>
                </tr>
              </thead>
              <tbody>
                {data.customers.map((customer) => {
                  const name = customerName(customer);
                  return (
                    <tr key={customer._id} data-testid="customer-row">
                      <th scope="row">
                        <Link to={customerPath(customer._id)} className="cell-title">
                          {name || customer.email}
                        </Link>
                        {name ? <span className="muted cell-sub">{customer.email}</span> : null}
                      </th>
                      <td>{customer.kind === 'MEMBER' ? 'Member' : 'Guest'}</td>
                      <td className="num">{customer.orderCount}</td>
                      <td className="num nowrap">
                        <SpentAmounts customer={customer} />
                      </td>
                      <td className="nowrap">{customer.lastOrderDate ? dateTime(customer.lastOrderDate) : '—'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
            total={total}
            noun={['customer', 'customers']}
            label="Pages of customers"
            goTo={(fieldProps) => change({ page: String(fieldProps) })}
          />
        </>
      )}
    </section>
  );
}
