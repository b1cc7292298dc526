import { describe, expect, it } from 'vitest';
import { PICTURES, refusedFiles } from './media-files.js';

const file = (name: string, type: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type });

describe('files the server would refuse', () => {
  it('takes pictures and videos of the listed types, up to 10 MB', () => {
    expect(refusedFiles([file('a.png', 'image/png'), file('b.webm', 'video/webm'), file('c.jpg', 'image/jpeg', 10 * 1024 * 1024)])).toBe(
      '',
    );
  });

  it('names the files of another type and the larger ones', () => {
    expect(
      refusedFiles([file('a.svg', 'image/svg+xml'), file('b.pdf', 'application/pdf'), file('big.png', 'image/png', 10 * 1024 * 1024 + 1)]),
    ).toBe('a.svg, b.pdf: not a JPEG, PNG, GIF or WebP picture, or an MP4, QuickTime or WebM video. big.png: larger than 10 MB');
  });

  it('takes no video where only pictures are shown', () => {
    expect(refusedFiles([file('clip.mp4', 'video/mp4')], PICTURES)).toBe('clip.mp4: not a JPEG, PNG, GIF or WebP picture');
    expect(refusedFiles([file('cover.gif', 'image/gif')], PICTURES)).toBe('');
  });
});
