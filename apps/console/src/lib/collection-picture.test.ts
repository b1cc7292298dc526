import type { Media } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { mediaWithPicture, pictureItem, pictureOf, pictureUrlOf } from './collection-picture.js';

const cover = { _id: 'c1', mediaType: 'image' as const, image: { url: 'https://cdn.example/cover.jpg', width: 800, height: 600 } };
const detail = { _id: 'c2', mediaType: 'image' as const, image: { url: 'https://cdn.example/detail.jpg' } };
const fresh = pictureItem({ url: 'https://shop.example/media/abc/new.png', width: 40, height: 30 });

describe("a collection's picture", () => {
  it('is its main media, else its first item, as the shop shows it', () => {
    expect(pictureOf({ media: { mainMedia: detail, items: [cover, detail] } })).toBe(detail);
    expect(pictureOf({ media: { items: [cover] } })).toBe(cover);
    expect(pictureOf({ media: {} })).toBeUndefined();
    expect(pictureOf({})).toBeUndefined();
  });

  it('is set as the first item, in place of the main one, keeping the others after it', () => {
    const media: Media = { mainMedia: cover, items: [cover, detail] };
    expect(mediaWithPicture(media, fresh)).toEqual({ items: [fresh, detail] });
    expect(mediaWithPicture(undefined, fresh)).toEqual({ items: [fresh] });
    // a main media that is not among the items (made through the API) is replaced too
    expect(mediaWithPicture({ mainMedia: cover, items: [detail] }, fresh)).toEqual({ items: [fresh, detail] });
  });

  it('is removed with the main item only (the next item, if any, becomes the main one)', () => {
    expect(mediaWithPicture({ mainMedia: cover, items: [cover, detail] }, undefined)).toEqual({ items: [detail] });
    expect(mediaWithPicture({ items: [cover] }, undefined)).toEqual({ items: [] });
  });

  it('keeps the size of an uploaded picture, when it is known', () => {
    expect(fresh).toEqual({ mediaType: 'image', image: { url: 'https://shop.example/media/abc/new.png', width: 40, height: 30 } });
    expect(pictureItem({ url: 'https://cdn.example/x.jpg' })).toEqual({ mediaType: 'image', image: { url: 'https://cdn.example/x.jpg' } });
  });

  it.each([
    ['', 'Type the picture’s address, like https://example.com/cover.jpg.'],
    ['cdn.example/cover.jpg', 'The address starts with https:// (or http://).'],
    ['javascript:alert(1)', 'The address starts with https:// (or http://).'],
    ['https:///cover.jpg', 'The address starts with https:// (or http://).'],
    [`https://cdn.example/${'a'.repeat(2048)}`, 'The address is longer than 2048 characters.'],
  ])('refuses the address %j', (typed, error) => {
    expect(pictureUrlOf(typed)).toEqual({ error });
  });

  it('takes an http(s) address, trimmed', () => {
    expect(pictureUrlOf('  https://cdn.example/cover.jpg ')).toEqual({ value: 'https://cdn.example/cover.jpg' });
  });
});
