/** Page metadata: titles, descriptions, Open Graph and JSON-LD, as React Router meta descriptors. */

import { amountText } from '@vitrine/sdk/money';
import type { MetaDescriptor } from 'react-router';
import type { ProductView } from './catalogue-view.js';

/** Plain text of an HTML description, cut at a word near `max` characters. */
export function plainText(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

/** Title, description, canonical URL and the Open Graph tags of a page. */
export function pageMeta(page: {
  shop: string;
  title: string;
  description: string;
  url: string;
  image?: string;
  type?: string;
}): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: page.title === page.shop ? page.shop : `${page.title} · ${page.shop}` },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: page.url },
    { property: 'og:site_name', content: page.shop },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: page.url },
    { property: 'og:type', content: page.type ?? 'website' },
  ];
  if (page.image) tags.push({ property: 'og:image', content: page.image });
  return tags;
}

/** schema.org Product with its Offer (or AggregateOffer over variant prices). */
export function productJsonLd(product: ProductView, url: string): Record<string, unknown> {
  const availability = `https://schema.org/${product.stock.inStock ? 'InStock' : 'OutOfStock'}`;
  const offers = product.priceRange
    ? {
        '@type': 'AggregateOffer',
        priceCurrency: product.currency,
        lowPrice: amountText(product.priceRange.min, product.currency),
        highPrice: amountText(product.priceRange.max, product.currency),
        availability,
        url,
      }
    : {
        '@type': 'Offer',
        priceCurrency: product.currency,
        price: amountText(product.discountedPrice, product.currency),
        availability,
        url,
      };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: plainText(product.descriptionHtml, 500),
    sku: product.sku,
    brand: product.brand ? { '@type': 'Brand', name: product.brand } : undefined,
    image: product.media.flatMap((item) => (item.kind === 'image' ? [item.image.url] : [])),
    url,
    offers,
  };
}

/** The shop's name from the root loader's data, inside a route's `meta`. */
export function shopNameOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  const root = matches.find((match) => match?.id === 'root')?.data as { shopName?: string } | undefined;
  return root?.shopName ?? 'Vitrine';
}
