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

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const u16le = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const u24le = (bytes: Uint8Array, at: number) => u16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
const u32be = (bytes: Uint8Array, at: number) => u16be(bytes, at) * 0x10000 + u16be(bytes, at + 2);

function png(bytes: Uint8Array): ImageHeader | undefined {
  if (bytes.length < 24 || !PNG_SIGNATURE.every((signatureByte, i) => bytes[i] === signatureByte) || ascii(bytes, 12, 4) !== 'IHDR')
    return undefined;
  return { type: 'image/png', width: u32be(bytes, 16), height: u32be(bytes, 20) };
}

function gif(bytes: Uint8Array): ImageHeader | undefined {
  const sig = ascii(bytes, 0, 6);
  if (bytes.length < 10 || (sig !== 'GIF87a' && sig !== 'GIF89a')) return undefined;
  return { type: 'image/gif', width: u16le(bytes, 6), height: u16le(bytes, 8) };
}

/** Start-of-frame markers (baseline, progressive, lossless…): they carry the size. DHT (C4), JPG (C8) and DAC (CC) do not. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpeg(bytes: Uint8Array): ImageHeader | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 3 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] as number;
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
    const length = u16be(bytes, at + 2);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return undefined;
      return { type: 'image/jpeg', height: u16be(bytes, at + 5), width: u16be(bytes, at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

function webp(bytes: Uint8Array): ImageHeader | undefined {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP') return undefined;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8X') return { type: 'image/webp', width: 1 + u24le(bytes, 24), height: 1 + u24le(bytes, 27) };
  if (chunk === 'VP8 ') {
    // A key frame: 3-byte frame tag, then the start code 9D 01 2A, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return undefined;
    return { type: 'image/webp', width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return undefined;
    const [b1, b2, b3, b4] = [bytes[21] ?? 0, bytes[22] ?? 0, bytes[23] ?? 0, bytes[24] ?? 0];
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
  const header = png(bytes) ?? jpeg(bytes) ?? gif(bytes) ?? webp(bytes);
  return header && header.width > 0 && header.height > 0 ? header : undefined;
}

/** Whether the bytes start like the declared video container (ISO BMFF `ftyp` for MP4/QuickTime, EBML for WebM). */
export function looksLikeVideo(bytes: Uint8Array, type: string): boolean {
  if (type === 'video/mp4' || type === 'video/quicktime') return bytes.length >= 12 && ascii(bytes, 4, 4) === 'ftyp';
  if (type === 'video/webm') return bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3;
  return false;
}
