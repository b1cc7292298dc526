import type { OrderSearchFilter, SearchOrdersOptions } from '@vitrine/sdk';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ChoiceSelect } from '../components/choice-select.js';
import { LoadFailed } from '../components/load-failed.js';
import { Pager } from '../components/pager.js';
import { dateTime, money } from '../lib/format.js';
import { useListParams } from '../lib/list-params.js';
import { orderBadge } from '../lib/order-status.js';
import { useOrderSearch } from '../lib/orders-query.js';

const PAGE_SIZE = 20;

/** The list's states, by the URL's `state` value. */
const STATES: Record<string, { label: string; filter: OrderSearchFilter }> = {
  all: { label: 'All orders', filter: {} },
  unpaid: { label: 'Awaiting payment', filter: { status: ['APPROVED'], paymentStatus: ['NOT_PAID', 'PENDING'] } },
  'to-ship': {
    label: 'Paid, to ship',
    filter: {
      status: ['APPROVED'],
      paymentStatus: ['PAID', 'PARTIALLY_REFUNDED'],
      fulfillmentStatus: ['NOT_FULFILLED', 'PARTIALLY_FULFILLED'],
    },
  },
  fulfilled: { label: 'Fulfilled', filter: { fulfillmentStatus: ['FULFILLED'] } },
  canceled: { label: 'Canceled', filter: { status: ['CANCELED'] } },
};

const SORTS: Record<string, { label: string; sort: SearchOrdersOptions['sort'] }> = {
  newest: { label: 'Newest first', sort: { fieldName: 'createdDate', order: 'DESC' } },
  oldest: { label: 'Oldest first', sort: { fieldName: 'createdDate', order: 'ASC' } },
  'total-desc': { label: 'Total, highest first', sort: { fieldName: 'total', order: 'DESC' } },
  'total-asc': { label: 'Total, lowest first', sort: { fieldName: 'total', order: 'ASC' } },
};

/** The URL's search as the list's options; unknown values fall back to the defaults. */
function optionsOf(params: URLSearchParams): { state: string; sort: string; email: string; page: number; options: SearchOrdersOptions } {
  const state = STATES[params.get('state') ?? ''] ? (params.get('state') as string) : 'all';
  const sort = SORTS[params.get('sort') ?? ''] ? (params.get('sort') as string) : 'newest';
  const email = (params.get('email') ?? '').trim().slice(0, 254);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const filter: OrderSearchFilter = { ...STATES[state].filter, ...(email ? { email } : {}) };
  return {
    state,
    sort,
    email,
    page,
    options: { filter, sort: SORTS[sort].sort, paging: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE } },
  };
}

/** The shop's orders: by state, by buyer e-mail, sorted, paged; all in the URL. */
export function OrdersPage() {
  const [params, change] = useListParams();
  const { state, sort, email, page, options } = optionsOf(params);
  const { data, isPending, isError, error, isFetching, refetch } = useOrderSearch(options);
  const id = useId();
  const [emailDraft, setEmailDraft] = useState(email);

  const search = (e: FormEvent) => {
    e.preventDefault();
    change({ email: emailDraft.trim() });
  };

  const total = data?.metadata?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="page-heading">
        <h1 id={`${id}-title`}>Orders</h1>
        {isFetching && !isPending ? <span className="muted">Updating…</span> : null}
      </div>
      <div className="toolbar">
        <ChoiceSelect label="Show" value={state} choices={STATES} defaultValue="all" onChange={(state) => change({ state })} />
        <ChoiceSelect label="Sort" value={sort} choices={SORTS} defaultValue="newest" onChange={(sort) => change({ sort })} />
        <search>
          <form onSubmit={search} className="toolbar__search">
            <label htmlFor={`${id}-email`}>Buyer e-mail</label>
            <input id={`${id}-email`} type="search" value={emailDraft} maxLength={254} onChange={(e) => setEmailDraft(e.target.value)} />
            <button type="submit" className="button">
              Search
            </button>
          </form>
        </search>
      </div>
      {isPending ? (
        <p role="status">Loading the orders…</p>
      ) : isError ? (
        <LoadFailed what="The orders" error={error} retry={refetch} />
      ) : !data.orders?.length ? (
        <p className="empty">No orders match.</p>
      ) : (
        <>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Buyer</th>
                <th scope="col">State</th>
                <th scope="col" className="num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {data.orders.map((o) => {
                const badge = orderBadge(o);
                return (
                  <tr key={o._id} data-testid="order-row">
                    <th scope="row">
                      <Link to={`/orders/${encodeURIComponent(o._id ?? '')}`}>#{o.number}</Link>
                    </th>
                    <td>{dateTime(o._createdDate)}</td>
                    <td>{o.buyerInfo?.email}</td>
                    <td>
                      <span className={`badge badge--${badge.tone}`}>{badge.label}</span>
                    </td>
                    <td className="num">{money(o.priceSummary?.total, o.currency)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Pager
            page={page}
            pages={pages}
            total={total}
            noun={['order', 'orders']}
            label="Pages of orders"
            goTo={(p) => change({ page: String(p) })}
          />
        </>
      )}
    </section>
  );
}
