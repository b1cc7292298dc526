/**
 * A collection's picture as the console edits it: the one the shop shows (its main media, else its
 * first item, as the storefront picks it), the `media` to send to set or remove it, and a picture
 * address checked as the server checks it.
 */
import type { Collection, Media, MediaItem } from '@vitrine/sdk';

/** The picture the shop shows for the collection, if any. */
export function pictureOf(collection: Pick<Collection, 'media'>): MediaItem | undefined {
  const media = collection.media?.mainMedia ?? collection.media?.items?.[0];
  return media?.image?.url ? media : undefined;
}

const sameItem = (item: MediaItem, other: MediaItem) =>
  (item._id && item._id === other._id) || (!!item.image?.url && item.image.url === other.image?.url);

/**
 * The collection's `media` with `picture` as its main picture, or without its main picture
 * (`undefined`). Only `items` is sent: the server makes the first one the main media, so both are the
 * same item; the collection's other items stay after it.
 */
export function mediaWithPicture(current: Media | undefined, picture: MediaItem | undefined): Media {
  const main = current?.mainMedia ?? current?.items?.[0];
  const others = (current?.items ?? []).filter((item) => !main || !sameItem(item, main));
  return { items: picture ? [picture, ...others] : others };
}

/** An uploaded or linked picture as a media item (size when known). */
export function pictureItem(image: { url: string; width?: number; height?: number }): MediaItem {
  const size = image.width && image.height ? { width: image.width, height: image.height } : {};
  return { mediaType: 'image', image: { url: image.url, ...size } };
}

/** A picture address as typed: an http(s) address of at most 2048 characters, or what is wrong with it. */
export function pictureUrlOf(typed: string): { value: string } | { error: string } {
  const url = typed.trim();
  if (!url) return { error: 'Type the picture’s address, like https://example.com/cover.jpg.' };
  if (!/^https?:\/\/[^\s/]+/i.test(url) || !URL.canParse(url)) return { error: 'The address starts with https:// (or http://).' };
  if (url.length > 2048) return { error: 'The address is longer than 2048 characters.' };
  return { value: url };
}
