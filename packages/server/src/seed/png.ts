/**
 * A small PNG encoder (8-bit RGB or RGBA, no interlacing) over node:zlib: enough to draw the demo
 * shop's pictures in code and to give tests real, decodable images. Each row gets the filter
 * (None, Sub, Up) with the smallest sum of absolute values, the usual heuristic that lets deflate
 * find the repeats of flat artwork.
 */
import { crc32, deflateSync } from 'node:zlib';

/** Raw pixels, row after row, `channels` bytes a pixel (3: RGB, 4: RGBA). */
export interface PngPixels {
  width: number;
  height: number;
  channels: 3 | 4;
  data: Uint8Array;
}

/** The eight bytes every PNG file starts with. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The largest side accepted: beyond it the raw image no longer fits comfortably in memory. */
const MAX_SIDE = 16_384;

const be32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
};

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([be32(data.length), body, be32(crc32(body))]);
}

/** A filtered byte's weight in the heuristic: its distance from zero read as a signed byte. */
const weight = (byte: number) => (byte < 128 ? byte : 256 - byte);

/**
 * The filtered scanlines: one filter-type byte, then the row filtered by None (0), Sub (1) or Up (2),
 * whichever has the smallest sum of signed bytes (one pass to choose, one to write).
 */
function filterRows(pixels: PngPixels): Buffer {
  const bpp = pixels.channels;
  const stride = pixels.width * bpp;
  const src = pixels.data;
  const out = Buffer.alloc((stride + 1) * pixels.height);
  // Above the first row everything reads as zero: Up is then the same as None.
  const zeros = new Uint8Array(stride);
  for (let y = 0; y < pixels.height; y++) {
    const row = y * stride;
    const above = y > 0 ? src.subarray(row - stride, row) : zeros;
    let none = 0;
    let sub = 0;
    let up = 0;
    // The choice reads every other pixel: half the work, and the same choice on all but noise-like rows.
    for (let px = 0; px < pixels.width; px += 2) {
      for (let channel = 0; channel < bpp; channel++) {
        const i = px * bpp + channel;
        const byte = src[row + i] as number;
        const left = i >= bpp ? (src[row + i - bpp] as number) : 0;
        none += weight(byte);
        sub += weight((byte - left) & 0xff);
        up += weight((byte - (above[i] as number)) & 0xff);
      }
    }
    const type = none <= sub && none <= up ? 0 : sub <= up ? 1 : 2;
    const at = y * (stride + 1);
    out[at] = type;
    if (type === 0) out.set(src.subarray(row, row + stride), at + 1);
    else if (type === 1)
      for (let i = 0; i < stride; i++)
        out[at + 1 + i] = ((src[row + i] as number) - (i >= bpp ? (src[row + i - bpp] as number) : 0)) & 0xff;
    else for (let i = 0; i < stride; i++) out[at + 1 + i] = ((src[row + i] as number) - (above[i] as number)) & 0xff;
  }
  return out;
}

/**
 * Encodes pixels as a PNG file.
 * @throws RangeError when the size is not 1..16384 a side or the data does not hold width × height × channels bytes
 * @example encodePng({ width: 1, height: 1, channels: 3, data: new Uint8Array([255, 0, 0]) })
 */
export function encodePng(pixels: PngPixels, options: { level?: number } = {}): Buffer {
  for (const side of [pixels.width, pixels.height]) {
    if (!Number.isInteger(side) || side < 1 || side > MAX_SIDE) throw new RangeError(`PNG sides must be 1..${MAX_SIDE} pixels`);
  }
  if (pixels.channels !== 3 && pixels.channels !== 4) throw new RangeError('PNG pixels must have 3 (RGB) or 4 (RGBA) channels');
  if (pixels.data.length !== pixels.width * pixels.height * pixels.channels) {
    throw new RangeError(`expected ${pixels.width * pixels.height * pixels.channels} bytes of pixels, got ${pixels.data.length}`);
  }
  // Bit depth 8; colour type 2 (RGB) or 6 (RGBA); deflate; adaptive filtering; no interlace.
  const ihdr = Buffer.concat([be32(pixels.width), be32(pixels.height), Buffer.from([8, pixels.channels === 4 ? 6 : 2, 0, 0, 0])]);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(filterRows(pixels), { level: options.level ?? 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG of `width` × `height` filled with one RGB colour. */
export function solidPng(width: number, height: number, rgb: readonly [number, number, number]): Buffer {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i += 3) data.set(rgb, i);
  return encodePng({ width, height, channels: 3, data });
}
