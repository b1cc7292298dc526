import type { ShopCoupon } from '@vitrine/sdk';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CouponForm } from '../components/coupon-form.js';
import { LoadFailed } from '../components/load-failed.js';
import { Pager } from '../components/pager.js';
import { Problem } from '../components/problem.js';
import { couponDraftOf, couponEffect } from '../lib/coupon-draft.js';
import { useCoupon, useCouponChange, useCouponList } from '../lib/coupons-admin.js';
import { dateTime, errorText } from '../lib/format.js';
import { useShopCurrency } from '../lib/products-admin.js';

const PAGE_SIZE = 50;

/** Where a coupon stands now. */
function couponState(coupon: ShopCoupon, now = new Date()): string {
  if (!coupon.active) return 'Off';
  if (coupon.startsAt && coupon.startsAt > now) return `From ${dateTime(coupon.startsAt)}`;
  if (coupon.expiresAt && coupon.expiresAt <= now) return 'Ended';
  if (coupon.usageLimit != null && (coupon.timesUsed ?? 0) >= coupon.usageLimit) return 'Used up';
  return coupon.expiresAt ? `On until ${dateTime(coupon.expiresAt)}` : 'On';
}

/** The shop's coupons, newest first. */
export function CouponsPage() {
  const id = useId();
  const [page, setPage] = useState(1);
  const list = useCouponList({ offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const currency = useShopCurrency();
  const total = list.data?.pagingMetadata?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="page-heading">
        <h1 id={`${id}-title`}>Coupons</h1>
        <Link to="/coupons/new" className="button button--primary">
          New coupon
        </Link>
      </div>
      {list.isPending ? (
        <p role="status">Loading the coupons…</p>
      ) : list.isError ? (
        <LoadFailed what="The coupons" error={list.error} retry={list.refetch} />
      ) : !list.data.coupons?.length ? (
        <p className="empty">No coupons yet.</p>
      ) : (
        <>
          {/* on a phone the table scrolls sideways in its box, not the page */}
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Name</th>
                  <th scope="col">Gives</th>
                  <th scope="col" className="num">
                    Used
                  </th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {list.data.coupons.map((coupon) => (
                  <tr key={coupon._id} data-testid="coupon-row">
                    <th scope="row">
                      <Link to={`/coupons/${encodeURIComponent(coupon._id ?? '')}`}>{coupon.code}</Link>
                    </th>
                    <td>{coupon.name}</td>
                    <td>
                      {couponEffect(coupon, currency)}
                      {coupon.scope !== 'ALL'
                        ? ` · ${coupon.scopeIds?.length ?? 0} ${coupon.scope === 'PRODUCTS' ? 'products' : 'collections'}`
                        : ''}
                    </td>
                    <td className="num">
                      {coupon.timesUsed ?? 0}
                      {coupon.usageLimit != null ? ` of ${coupon.usageLimit}` : ''}
                    </td>
                    <td>{couponState(coupon)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <Pager page={page} pages={pages} total={total} noun={['coupon', 'coupons']} label="Pages of coupons" goTo={setPage} />
          ) : null}
        </>
      )}
    </section>
  );
}

export function NewCouponPage() {
  const navigate = useNavigate();
  const change = useCouponChange();
  const currency = useShopCurrency();
  return (
    <section>
      <p>
        <Link to="/coupons">← All coupons</Link>
      </p>
      <h1>New coupon</h1>
      <CouponForm
        initial={couponDraftOf()}
        currency={currency}
        submitLabel="Create the coupon"
        save={async (coupon) => {
          await change.mutateAsync({ kind: 'create', coupon });
          navigate('/coupons', { replace: true });
        }}
      />
    </section>
  );
}

export function EditCouponPage() {
  const { couponId = '' } = useParams();
  const navigate = useNavigate();
  const coupon = useCoupon(couponId);
  const change = useCouponChange();
  const currency = useShopCurrency();
  const [problem, setProblem] = useState('');
  if (coupon.isPending)
    return (
      <section>
        <p role="status">Loading the coupon…</p>
      </section>
    );
  if (coupon.isError)
    return (
      <section>
        <p>
          <Link to="/coupons">← All coupons</Link>
        </p>
        <LoadFailed what="The coupon" error={coupon.error} retry={coupon.refetch} />
      </section>
    );
  const remove = () => {
    if (!window.confirm(`Delete the coupon ${coupon.data.code}? Carts holding it drop it; orders keep their totals.`)) return;
    setProblem('');
    change.mutate(
      { kind: 'delete', id: couponId },
      { onSuccess: () => navigate('/coupons', { replace: true }), onError: (err) => setProblem(`Not deleted: ${errorText(err)}`) },
    );
  };
  return (
    <section>
      <p>
        <Link to="/coupons">← All coupons</Link>
      </p>
      <div className="page-heading">
        <h1>Coupon {coupon.data.code}</h1>
        <span className="muted">
          used {coupon.data.timesUsed ?? 0} {coupon.data.timesUsed === 1 ? 'time' : 'times'}
        </span>
      </div>
      <CouponForm
        key={coupon.data._id}
        initial={couponDraftOf(coupon.data)}
        currency={currency}
        submitLabel="Save changes"
        save={(edited) => change.mutateAsync({ kind: 'update', id: couponId, coupon: edited })}
      />
      <section className="form-section danger-zone" aria-label="Delete the coupon">
        <Problem text={problem} />
        <button type="button" className="button button--danger" disabled={change.isPending} onClick={remove}>
          Delete this coupon…
        </button>
      </section>
    </section>
  );
}
