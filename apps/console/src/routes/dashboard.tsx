import type { Dashboard } from '@vitrine/sdk';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ChoiceSelect } from '../components/choice-select.js';
import { DailyChart } from '../components/daily-chart.js';
import { LoadFailed } from '../components/load-failed.js';
import { PERIODS, periodOf, useDashboard } from '../lib/dashboard-query.js';
import { chartSummary, ordersPerDay, salesPerDay } from '../lib/dashboard-summary.js';
import { amountIn } from '../lib/format.js';
import { useListParams } from '../lib/list-params.js';

const count = (value: number) => new Intl.NumberFormat().format(value);
const ordersText = (orders: number) => `${count(orders)} ${orders === 1 ? 'order' : 'orders'}`;

/** The console's home: the period's sales and orders, best sellers, low stock and what waits for the merchant. */
export function DashboardPage() {
  const [params, change] = useListParams();
  const { period, options } = periodOf(params);
  const { data, isPending, isError, error, isFetching, refetch } = useDashboard(options);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="dashboard">
      <div className="page-heading">
        <h1 id={`${id}-title`}>Dashboard</h1>
        {isFetching && !isPending ? <span className="muted">Updating…</span> : null}
      </div>
      <div className="toolbar">
        <ChoiceSelect label="Period" value={period} choices={PERIODS} defaultValue="30" onChange={(next) => change({ period: next })} />
        {period === 'custom' ? <CustomRange from={params.get('from') ?? ''} to={params.get('to') ?? ''} onChange={change} /> : null}
      </div>
      {isPending ? (
        <p role="status">Loading the dashboard…</p>
      ) : isError ? (
        <LoadFailed what="The dashboard" error={error} retry={refetch} />
      ) : (
        <Figures dashboard={data} />
      )}
    </section>
  );
}

function CustomRange({ from, to, onChange }: { from: string; to: string; onChange: (next: Record<string, string>) => void }) {
  const id = useId();
  const [draft, setDraft] = useState({ from, to });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(draft);
  };
  return (
    <form className="toolbar__search" onSubmit={submit}>
      <label htmlFor={`${id}-from`}>From</label>
      <input
        id={`${id}-from`}
        type="date"
        required
        value={draft.from}
        onChange={(event) => setDraft({ ...draft, from: event.target.value })}
      />
      <label htmlFor={`${id}-to`}>To</label>
      <input
        id={`${id}-to`}
        type="date"
        required
        min={draft.from}
        value={draft.to}
        onChange={(event) => setDraft({ ...draft, to: event.target.value })}
      />
      <button type="submit" className="button">
        Show
      </button>
    </form>
  );
}

function Figures({ dashboard }: { dashboard: Dashboard }) {
  return (
    <>
      <p className="muted">Days in the shop's time zone ({dashboard.timeZone}). Cancelled and fully refunded orders are not counted.</p>
      <ul className="stat-cards" aria-label="Waiting for you">
        <li className="stat-card">
          <Link to="/orders?state=unpaid">{ordersText(dashboard.waiting.payment)} awaiting payment</Link>
        </li>
        <li className="stat-card">
          <Link to="/orders?state=to-ship">{ordersText(dashboard.waiting.shipment)} to ship</Link>
        </li>
      </ul>
      <h2>Sales</h2>
      {dashboard.totals.length === 0 ? (
        <p className="empty">No orders in this period.</p>
      ) : (
        <ul className="stat-cards" aria-label="Sales per currency">
          {dashboard.totals.map((total) => (
            <li key={total.currency} className="stat-card">
              <strong>{amountIn(total.sales, total.currency)}</strong>
              <span>
                {ordersText(total.orders)}, on average {amountIn(total.averageOrderValue, total.currency)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="chart-grid">
        <DailyChart
          title="Orders"
          points={ordersPerDay(dashboard)}
          format={count}
          summary={chartSummary(ordersPerDay(dashboard), ordersText, dashboard)}
        />
        {dashboard.totals.map(({ currency }) => {
          const format = (value: number) => amountIn(value, currency);
          const points = salesPerDay(dashboard, currency);
          return (
            <DailyChart
              key={currency}
              title={`Sales in ${currency}`}
              points={points}
              format={format}
              summary={chartSummary(points, format, dashboard)}
            />
          );
        })}
      </div>
      <TopProducts dashboard={dashboard} />
      <LowStock dashboard={dashboard} />
    </>
  );
}

function TopProducts({ dashboard }: { dashboard: Dashboard }) {
  const { byUnits, byRevenue } = dashboard.topProducts;
  if (byUnits.length === 0) return null;
  return (
    <div className="chart-grid">
      <ProductTable
        caption="Best sellers by units"
        column="Units"
        rows={byUnits.map((unit) => ({ key: unit.productId, productId: unit.productId, name: unit.name, figure: count(unit.units) }))}
      />
      <ProductTable
        caption="Best sellers by revenue"
        column="Revenue"
        rows={byRevenue.map((revenue) => ({
          key: `${revenue.currency}/${revenue.productId}`,
          productId: revenue.productId,
          name: revenue.name,
          figure: amountIn(revenue.revenue, revenue.currency),
        }))}
      />
    </div>
  );
}

/** A table of products, each linked to its page, with one figure each; stacked on a phone. */
function ProductTable({
  caption,
  column,
  rows,
}: {
  caption: string;
  column: string;
  rows: { key: string; productId: string; name: string; figure: string }[];
}) {
  return (
    <div className="table-scroll">
      <table className="table table--stacked">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="num">
              {column}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">
                <Link to={`/products/${encodeURIComponent(row.productId)}`}>{row.name}</Link>
              </th>
              <td className="num" data-label={column}>
                {row.figure}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LowStock({ dashboard }: { dashboard: Dashboard }) {
  return (
    <>
      <h2>Low stock</h2>
      {dashboard.lowStock.length === 0 ? (
        <p className="empty">Nothing tracked is low on stock.</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Variant</th>
                <th scope="col" className="num">
                  In stock
                </th>
              </tr>
            </thead>
            <tbody>
              {dashboard.lowStock.map((row) => (
                <tr key={`${row.productId}/${row.variantId ?? ''}`} data-testid="low-stock-row">
                  <th scope="row">
                    <Link to={`/products/${encodeURIComponent(row.productId)}`}>{row.productName}</Link>
                  </th>
                  <td>
                    {Object.entries(row.choices)
                      .map(([option, choice]) => `${option}: ${choice}`)
                      .join(', ') || '—'}
                  </td>
                  <td className="num">{count(row.quantity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
