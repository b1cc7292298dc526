import { describe, expect, it } from 'vitest';
import { gifHeader, jpegHeader, mp4Header, pngImage, webpHeader } from '../../../test/support/images.js';
import { looksLikeVideo, readImageHeader } from './image-header.js';

describe('image headers', () => {
  it('reads the size of a PNG', () => {
    expect(readImageHeader(pngImage(30, 20))).toEqual({ type: 'image/png', width: 30, height: 20 });
  });

  it.each([
    ['baseline', 0xc0],
    ['progressive', 0xc2],
  ])('reads the size of a %s JPEG past its APP0 and DQT segments', (_, sof) => {
    expect(readImageHeader(jpegHeader(640, 480, sof))).toEqual({ type: 'image/jpeg', width: 640, height: 480 });
  });

  it('reads the logical screen size of a GIF', () => {
    expect(readImageHeader(gifHeader(7, 3))).toEqual({ type: 'image/gif', width: 7, height: 3 });
  });

  it.each(['VP8X', 'VP8 ', 'VP8L'] as const)('reads the size of a %s WebP', (kind) => {
    expect(readImageHeader(webpHeader(1000, 750, kind))).toEqual({ type: 'image/webp', width: 1000, height: 750 });
  });

  it.each([
    ['text', Buffer.from('<html><script>alert(1)</script></html>')],
    ['an empty file', Buffer.alloc(0)],
    ['a truncated PNG', pngImage(4, 4).subarray(0, 20)],
    ['a JPEG without a frame header', Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
    ['a zero-sized GIF', gifHeader(0, 5)],
  ])('recognises no image in %s', (_, bytes) => {
    expect(readImageHeader(bytes)).toBeUndefined();
  });

  it('recognises MP4 by its ftyp box and nothing else as video', () => {
    expect(looksLikeVideo(mp4Header(), 'video/mp4')).toBe(true);
    expect(looksLikeVideo(pngImage(2, 2), 'video/mp4')).toBe(false);
    expect(looksLikeVideo(mp4Header(), 'video/webm')).toBe(false);
  });
});
