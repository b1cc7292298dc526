import { useProduct } from '@vitrine/react';
import type { LineItem, Media, Product } from '@vitrine/sdk';

/** One option choice of a line, as its description line names it: "Color: Forest green", with a colour's swatch code. */
export interface LineChoice {
  option: string;
  /** the choice's name (what the shopper picked it by) */
  value: string;
  /** a colour choice's swatch code, `#2a6f4e` */
  color?: string;
}

/** A line's option choices, as its description lines show them. */
export function choicesOf(line: LineItem): LineChoice[] {
  return (line.descriptionLines ?? []).flatMap((descriptionLine) => {
    const option = descriptionLine.name?.original;
    const value = descriptionLine.colorInfo?.original ?? descriptionLine.plainText?.original;
    return option && value
      ? [{ option, value, ...(descriptionLine.colorInfo?.code ? { color: descriptionLine.colorInfo.code } : {}) }]
      : [];
  });
}

const urlOf = (media: Media | undefined) =>
  [media?.mainMedia, ...(media?.items ?? [])].find((item) => item?.image?.url)?.image?.url ?? undefined;

/** The picture the cart shows for a line: its chosen colour's (or other choice's), else the product's. */
export function imageOfLine(product: Product | null | undefined, line: LineItem): string | undefined {
  if (!product) return undefined;
  const choices = choicesOf(line);
  for (const option of product.productOptions ?? []) {
    const chosen = choices.find((picked) => picked.option === option.name)?.value;
    // a line names a choice by its name: its description, or its value when it has none
    const choice =
      chosen === undefined
        ? undefined
        : option.choices?.find((candidate) => candidate.description === chosen || candidate.value === chosen);
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
