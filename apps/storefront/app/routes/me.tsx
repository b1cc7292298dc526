import { useAuth } from '@vitrine/react';
import type { Order } from '@vitrine/sdk';
import { useState } from 'react';
import { Link } from 'react-router';
import { AccountLoadFailed } from '../components/account-load-failed.js';
import { PasswordSection, ProfileSection } from '../components/account-profile.js';
import { SignInPrompt, useHydrated } from '../components/account-prompt.js';
import { serverMessage } from '../components/cart-error-message.js';
import { formatPrice } from '../components/cart-money.js';
import { orderStatusLabel, timeOf, useAccountOrders } from '../lib/account-orders.js';
import { formatDate, useLocale, useShopCurrency } from '../lib/locale.js';
import { shopNameOf } from '../lib/seo.js';
import type { Route } from './+types/me';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Your account · ${shopNameOf(matches)}` },
  { name: 'robots', content: 'noindex' },
];

/**
 * The member's account: their orders, newest first, each opening its own page; their details (names
 * editable) and password; signing out.
 * A visitor is asked to sign in (a link, never a redirect: no loop between this page and sign-in).
 */
export default function AccountPage() {
  const { isMember, logout } = useAuth();
  const hydrated = useHydrated();
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState('');

  async function signOut() {
    setSigningOut(true);
    setSignOutError('');
    try {
      await logout({ returnTo: `${window.location.origin}/` });
    } catch (error) {
      setSigningOut(false);
      setSignOutError(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <div className="container account-page account-page--wide">
      <div className="account-page__heading">
        <h1>Your account</h1>
        {hydrated && isMember ? (
          <button type="button" className="button" onClick={signOut} disabled={signingOut}>
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        ) : null}
      </div>
      {signOutError ? (
        <p className="account-form__error" role="alert">
          Signing out failed: {signOutError}
        </p>
      ) : null}
      {!hydrated ? (
        <p role="status">Loading your account…</p>
      ) : isMember ? (
        <div className="account-overview">
          <OrderHistory />
          <div className="account-overview__settings">
            <ProfileSection />
            <PasswordSection />
          </div>
        </div>
      ) : (
        <SignInPrompt returnTo="/me">Sign in to see your orders and account.</SignInPrompt>
      )}
    </div>
  );
}

function OrderHistory() {
  const { data, isPending, isError, error, refetch } = useAccountOrders(true);
  return (
    <section className="account-orders" aria-labelledby="orders-title">
      <h2 id="orders-title">Your orders</h2>
      {isPending ? (
        <p role="status">Loading your orders…</p>
      ) : isError ? (
        <AccountLoadFailed retry={refetch}>Your orders could not be loaded: {serverMessage(error)}</AccountLoadFailed>
      ) : !data.orders.length ? (
        <div className="account-empty">
          <p>You have not placed any orders yet.</p>
          <Link to="/products" className="button button--primary">
            Start shopping
          </Link>
        </div>
      ) : (
        <>
          <OrderTable orders={data.orders} />
          {data.total > data.orders.length ? (
            <p className="account-orders__more">
              Showing your latest {data.orders.length} of {data.total} orders.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function OrderTable({ orders }: { orders: Order[] }) {
  const locale = useLocale();
  const shopCurrency = useShopCurrency();
  return (
    <table className="account-orders__table">
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Date</th>
          <th scope="col">Status</th>
          <th scope="col" className="account-orders__money">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order._id} data-testid="account-order">
            <th scope="row">
              <Link to={`/me/orders/${encodeURIComponent(order._id ?? '')}`} aria-label={`Order ${order.number ?? ''}, view details`}>
                #{order.number}
              </Link>
            </th>
            <td data-label="Date">
              {timeOf(order._createdDate) ? formatDate(new Date(timeOf(order._createdDate)).toISOString(), locale) : ''}
            </td>
            <td data-label="Status">{orderStatusLabel(order)}</td>
            <td data-label="Total" className="account-orders__money">
              {formatPrice(order.priceSummary?.total, order.currency ?? shopCurrency, locale)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
