import { solidPng } from '../../src/seed/png.js';

const be32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** A real, decodable RGB PNG of `width` × `height` filled with one colour (the production encoder). */
export function pngImage(width: number, height: number, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  return solidPng(width, height, rgb);
}

/**
 * JPEG headers up to the frame header: SOI, a JFIF APP0 segment, a quantisation table segment, then
 * the start-of-frame (`sof`: 0xC0 baseline, 0xC2 progressive) with the size. Enough for header readers.
 */
export function jpegHeader(width: number, height: number, sof = 0xc0): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const dqt = Buffer.concat([Buffer.from([0xff, 0xdb, 0x00, 0x43, 0x00]), Buffer.alloc(64, 1)]);
  const frame = Buffer.from([0xff, sof, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, dqt, frame, Buffer.alloc(9), Buffer.from([0xff, 0xd9])]);
}

/** A GIF89a header with its logical screen size. */
export function gifHeader(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(13);
  bytes.write('GIF89a', 0, 'latin1');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return bytes;
}

/** A WebP header of the given chunk kind (extended VP8X, lossy VP8 , lossless VP8L) with the size. */
export function webpHeader(width: number, height: number, kind: 'VP8X' | 'VP8 ' | 'VP8L'): Buffer {
  const bytes = Buffer.alloc(40);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(32, 4);
  bytes.write('WEBP', 8, 'latin1');
  bytes.write(kind, 12, 'latin1');
  if (kind === 'VP8X') {
    bytes.writeUIntLE(width - 1, 24, 3);
    bytes.writeUIntLE(height - 1, 27, 3);
  } else if (kind === 'VP8 ') {
    bytes.set([0x9d, 0x01, 0x2a], 23);
    bytes.writeUInt16LE(width, 26);
    bytes.writeUInt16LE(height, 28);
  } else {
    bytes[20] = 0x2f;
    const bits = (width - 1) | ((height - 1) << 14);
    bytes.writeUInt32LE(bits >>> 0, 21);
  }
  return bytes;
}

/** The first bytes of an MP4 file (an `ftyp` box). */
export function mp4Header(): Buffer {
  return Buffer.concat([be32(24), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(12)]);
}
