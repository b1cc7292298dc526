import { useProducts } from '@vitrine/react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../components/load-failed.js';

const PAGE_SIZE = 25;

/** The catalogue as the merchant sees it (hidden products too): search by name, paged; each opens in its editor. */
export function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const name = (params.get('q') ?? '').trim().slice(0, 100);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const { data, isPending, isError, error, refetch } = useProducts({
    filter: name ? { name: { $contains: name } } : {},
    sort: [{ fieldName: 'name', order: 'ASC' }],
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const id = useId();
  const [draft, setDraft] = useState(name);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };
  const goTo = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  };
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="page-heading">
        <h1 id={`${id}-title`}>Products</h1>
        <Link to="/products/new" className="button button--primary">
          New product
        </Link>
      </div>
      <search className="toolbar">
        <form onSubmit={search} className="toolbar__search">
          <label htmlFor={`${id}-q`}>Name</label>
          <input id={`${id}-q`} type="search" value={draft} maxLength={100} onChange={(e) => setDraft(e.target.value)} />
          <button type="submit" className="button">
            Search
          </button>
        </form>
      </search>
      {isPending ? (
        <p role="status">Loading the products…</p>
      ) : isError ? (
        <LoadFailed what="The products" error={error} retry={refetch} />
      ) : !data.products.length ? (
        <p className="empty">No products match.</p>
      ) : (
        <>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="num">
                  Price
                </th>
                <th scope="col">Stock</th>
                <th scope="col">Shown in the shop</th>
              </tr>
            </thead>
            <tbody>
              {data.products.map((p) => (
                <tr key={p._id} data-testid="product-row">
                  <th scope="row">
                    <Link to={`/products/${encodeURIComponent(p._id ?? '')}`}>{p.name}</Link>
                  </th>
                  <td className="num">{p.priceData?.formatted?.discountedPrice ?? p.priceData?.formatted?.price}</td>
                  <td>
                    {p.stock?.inventoryStatus === 'OUT_OF_STOCK'
                      ? 'Out of stock'
                      : p.stock?.trackInventory
                        ? `${p.stock.quantity ?? 0} in stock`
                        : 'In stock'}
                  </td>
                  <td>{p.visible === false ? 'Hidden' : 'Shown'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav className="pager" aria-label="Pages of products">
            <button type="button" className="button" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              Previous
            </button>
            <span>
              Page {page} of {pages} · {total} {total === 1 ? 'product' : 'products'}
            </span>
            <button type="button" className="button" disabled={page >= pages} onClick={() => goTo(page + 1)}>
              Next
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
