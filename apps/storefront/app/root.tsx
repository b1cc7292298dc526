import { type ReactNode, useEffect } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { InlineStyles } from './components/inline-styles.js';
import { NavigationProgress } from './components/navigation-progress.js';
import { ShopProviders } from './components/shop-providers.js';
import { SiteFooter } from './components/site-footer.js';
import { SiteHeader } from './components/site-header.js';
import { StatusPage, statusTitle } from './components/status-page.js';
import { DEFAULT_LOCALE, localeFromHeader } from './lib/locale.js';
import { apiUrlOf } from './lib/vitrine.server.js';
export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];
/** The error page's title (the pages' own come from their routes). */
export const meta: Route.MetaFunction = ({ error }) => (error ? [{ title: statusTitle(error) }] : []);

/** Request-wide facts every page needs; no API call here, so even the 404 page renders without the API. */
export function loader({ request, context }: Route.LoaderArgs) {
  return {
    locale: localeFromHeader(request.headers.get('accept-language')),
    shopName: context?.shopName ?? process.env.SHOP_NAME ?? 'Vitrine demo shop',
    currency: context?.currency ?? process.env.SHOP_CURRENCY ?? 'USD',
    /** where the shopper's browser sends its cart and account calls, and as which OAuth client */
    shopClient: { apiUrl: apiUrlOf(context), clientId: process.env.VITRINE_CLIENT_ID || 'demo' },
  };
}

/** Only when the root loader failed (the error page): a client that is never asked anything. */
const FALLBACK_CLIENT = { apiUrl: globalThis.location?.origin ?? 'http://127.0.0.1:3000', clientId: 'demo' };

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const shopName = root?.shopName ?? 'Vitrine';
  return (
    <html lang={root?.locale ?? DEFAULT_LOCALE}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f3a5f" />
        <Meta />
        <InlineStyles />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <NavigationProgress />
        <ShopProviders settings={root?.shopClient ?? FALLBACK_CLIENT}>
          <SiteHeader shopName={shopName} />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter shopName={shopName} />
        </ShopProviders>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has taken it over (end-to-end tests wait for it before interacting).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
