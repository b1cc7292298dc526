import { useProduct } from '@vitrine/react';
import type { LineItem, Media, Product } from '@vitrine/sdk';

/** A line's option choices (name → value), as its description lines show them. */
export function choicesOf(line: LineItem): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of line.descriptionLines ?? []) {
    const name = d.name?.original;
    const value = d.colorInfo?.original ?? d.plainText?.original;
    if (name && value) out[name] = value;
  }
  return out;
}

const urlOf = (media: Media | undefined) => [media?.mainMedia, ...(media?.items ?? [])].find((m) => m?.image?.url)?.image?.url ?? undefined;

/** The picture the cart shows for a line: its chosen colour's (or other choice's), else the product's. */
export function imageOfLine(product: Product | null | undefined, line: LineItem): string | undefined {
  if (!product) return undefined;
  const choices = choicesOf(line);
  for (const option of product.productOptions ?? []) {
    const choice = option.choices?.find((c) => c.value === choices[option.name ?? '']);
    const url = urlOf(choice?.media);
    if (url) return url;
  }
  return urlOf(product.media);
}

/**
 * A cart line's picture. The cart answers its image as a `wix:image://` media id, which names no file
 * the browser can load, so the picture is taken from the catalogue's product (read once per product
 * and cached); a plain URL image (custom line items) is used as it is.
 */
export function CartLineImage({ line, size }: { line: LineItem; size: number }) {
  const direct = line.image && /^https?:\/\//.test(line.image) ? line.image : undefined;
  const productId = direct ? undefined : (line.catalogReference?.catalogItemId ?? undefined);
  const { data: product } = useProduct(productId);
  const src = direct ?? imageOfLine(product, line);
  return src ? (
    <img className="cart-line__image" src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />
  ) : (
    <span className="cart-line__image cart-line__image--none" aria-hidden="true" />
  );
}
