import { createBrowserRouter } from 'react-router';
import { ConsoleLayout } from './components/console-layout.js';
import { OwnerOnly } from './components/owner-only.js';
import { ApiKeysPage } from './routes/api-keys.js';
import { CallbackPage } from './routes/callback.js';
import { CatalogueTransferPage } from './routes/catalogue-transfer.js';
import { EditCollectionPage } from './routes/collection-edit.js';
import { CollectionsPage } from './routes/collections.js';
import { CouponsPage, EditCouponPage, NewCouponPage } from './routes/coupons.js';
import { CustomerPage } from './routes/customer.js';
import { CustomersPage } from './routes/customers.js';
import { DashboardPage } from './routes/dashboard.js';
import { MailsPage } from './routes/mails.js';
import { EditPlanPage, MembershipsPage, NewPlanPage } from './routes/memberships.js';
import { NotFoundPage } from './routes/not-found.js';
import { OrderPage } from './routes/order.js';
import { OrdersPage } from './routes/orders.js';
import { EditProductPage } from './routes/product-edit.js';
import { NewProductPage } from './routes/product-new.js';
import { ProductsPage } from './routes/products.js';
import { SettingsPage } from './routes/settings.js';
import { ShippingPage } from './routes/shipping.js';
import { StaffPage } from './routes/staff.js';
import { TaxesPage } from './routes/taxes.js';
import { WebhooksPage } from './routes/webhooks.js';

/** The console's pages under `/console`; everything but the sign-in callback needs a signed-in merchant. */
export const router = createBrowserRouter(
  [
    { path: '/callback', element: <CallbackPage /> },
    {
      path: '/',
      element: <ConsoleLayout />,
      children: [
        { index: true, element: <DashboardPage /> },
        { path: 'orders', element: <OrdersPage /> },
        { path: 'orders/:orderId', element: <OrderPage /> },
        { path: 'customers', element: <CustomersPage /> },
        { path: 'customers/:customerId', element: <CustomerPage /> },
        { path: 'products', element: <ProductsPage /> },
        { path: 'products/new', element: <NewProductPage /> },
        { path: 'products/transfer', element: <CatalogueTransferPage /> },
        { path: 'products/:productId', element: <EditProductPage /> },
        { path: 'collections', element: <CollectionsPage /> },
        { path: 'collections/:collectionId', element: <EditCollectionPage /> },
        { path: 'coupons', element: <CouponsPage /> },
        { path: 'coupons/new', element: <NewCouponPage /> },
        { path: 'coupons/:couponId', element: <EditCouponPage /> },
        { path: 'shipping', element: <ShippingPage /> },
        { path: 'taxes', element: <TaxesPage /> },
        { path: 'memberships', element: <MembershipsPage /> },
        { path: 'memberships/new', element: <NewPlanPage /> },
        { path: 'memberships/:planId', element: <EditPlanPage /> },
        {
          path: 'webhooks',
          element: (
            <OwnerOnly what="Webhooks">
              <WebhooksPage />
            </OwnerOnly>
          ),
        },
        { path: 'mails', element: <MailsPage /> },
        {
          path: 'api-keys',
          element: (
            <OwnerOnly what="API keys">
              <ApiKeysPage />
            </OwnerOnly>
          ),
        },
        {
          path: 'staff',
          element: (
            <OwnerOnly what="Staff">
              <StaffPage />
            </OwnerOnly>
          ),
        },
        { path: 'settings', element: <SettingsPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
  { basename: '/console' },
);
