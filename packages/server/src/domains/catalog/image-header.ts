/**
 * Reads the type and pixel size of an uploaded image from its first bytes (PNG, JPEG, GIF, WebP),
 * and recognises the video containers we accept. Uploads are checked against what they declare, so
 * the server never serves bytes under a type they are not.
 */

type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2);

function png(b: Uint8Array): ImageHeader | undefined {
  if (b.length < 24 || !PNG_SIGNATURE.every((x, i) => b[i] === x) || ascii(b, 12, 4) !== 'IHDR') return undefined;
  return { type: 'image/png', width: u32be(b, 16), height: u32be(b, 20) };
}

function gif(b: Uint8Array): ImageHeader | undefined {
  const sig = ascii(b, 0, 6);
  if (b.length < 10 || (sig !== 'GIF87a' && sig !== 'GIF89a')) return undefined;
  return { type: 'image/gif', width: u16le(b, 6), height: u16le(b, 8) };
}

/** Start-of-frame markers (baseline, progressive, lossless…): they carry the size. DHT (C4), JPG (C8) and DAC (CC) do not. */
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpeg(b: Uint8Array): ImageHeader | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 3 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RSTn, SOI, EOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      if (marker === 0xd9) return undefined;
      at += 2;
      continue;
    }
    const length = u16be(b, at + 2);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      if (at + 9 > b.length) return undefined;
      return { type: 'image/jpeg', height: u16be(b, at + 5), width: u16be(b, at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

function webp(b: Uint8Array): ImageHeader | undefined {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return undefined;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X') return { type: 'image/webp', width: 1 + u24le(b, 24), height: 1 + u24le(b, 27) };
  if (chunk === 'VP8 ') {
    // A key frame: 3-byte frame tag, then the start code 9D 01 2A, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
    return { type: 'image/webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return undefined;
    const [b1, b2, b3, b4] = [b[21] ?? 0, b[22] ?? 0, b[23] ?? 0, b[24] ?? 0];
    return {
      type: 'image/webp',
      width: 1 + (((b2 & 0x3f) << 8) | b1),
      height: 1 + (((b4 & 0x0f) << 10) | (b3 << 2) | ((b2 & 0xc0) >> 6)),
    };
  }
  return undefined;
}

/** The image's type and size from its header; undefined when the bytes are none of PNG, JPEG, GIF, WebP. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | undefined {
  const h = png(bytes) ?? jpeg(bytes) ?? gif(bytes) ?? webp(bytes);
  return h && h.width > 0 && h.height > 0 ? h : undefined;
}

/** Whether the bytes start like the declared video container (ISO BMFF `ftyp` for MP4/QuickTime, EBML for WebM). */
export function looksLikeVideo(bytes: Uint8Array, type: string): boolean {
  if (type === 'video/mp4' || type === 'video/quicktime') return bytes.length >= 12 && ascii(bytes, 4, 4) === 'ftyp';
  if (type === 'video/webm') return bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3;
  return false;
}
