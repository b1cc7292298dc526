import { Link } from 'react-router';

/** The content info: links that matter on every page. */
export function SiteFooter({ shopName }: { shopName: string }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__brand">{shopName}</p>
        <nav aria-label="Footer">
          <ul>
            <li>
              <Link to="/products">All products</Link>
            </li>
            <li>
              <Link to="/search">Search</Link>
            </li>
            <li>
              <a href="/sitemap.xml">Sitemap</a>
            </li>
          </ul>
        </nav>
        <p className="site-footer__note">Powered by Vitrine, an open headless storefront.</p>
      </div>
    </footer>
  );
}
