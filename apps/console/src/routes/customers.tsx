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
export const customerName = (c: Pick<Customer, 'firstName' | 'lastName'>) => [c.firstName, c.lastName].filter(Boolean).join(' ');

/** What a customer spent, a line per currency ("—" for nothing yet). */
export function SpentAmounts({ customer }: { customer: Customer }) {
  if (!customer.totalSpent.length) return <>—</>;
  return (
    <>
      {customer.totalSpent.map((s) => (
        <span key={s.currency} className="cell-title">
          {s.formattedAmount}
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
        <SearchBox label="Find a customer" placeholder="Name or e-mail" value={query} onSearch={(q) => change({ q })} />
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
                {data.customers.map((c) => {
                  const name = customerName(c);
                  return (
                    <tr key={c._id} data-testid="customer-row">
                      <th scope="row">
                        <Link to={customerPath(c._id)} className="cell-title">
                          {name || c.email}
                        </Link>
                        {name ? <span className="muted cell-sub">{c.email}</span> : null}
                      </th>
                      <td>{c.kind === 'MEMBER' ? 'Member' : 'Guest'}</td>
                      <td className="num">{c.orderCount}</td>
                      <td className="num nowrap">
                        <SpentAmounts customer={c} />
                      </td>
                      <td className="nowrap">{c.lastOrderDate ? dateTime(c.lastOrderDate) : '—'}</td>
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
            goTo={(p) => change({ page: String(p) })}
          />
        </>
      )}
    </section>
  );
}
