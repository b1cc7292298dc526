import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readImageHeader } from '../domains/catalog/image-header.js';
import { encodePng, PNG_SIGNATURE, solidPng } from './png.js';

/** The chunks of a PNG file, each checked against its CRC. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  const out: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const body = png.subarray(at + 4, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(body));
    out.push({ type: body.subarray(0, 4).toString('latin1'), data: body.subarray(4) });
    at += 12 + length;
  }
  return out;
}

/** Decodes what the encoder writes (8-bit, no interlace; filters None, Sub, Up) back to pixels. */
function decode(png: Buffer): { width: number; height: number; channels: number; data: Uint8Array } {
  const list = chunks(png);
  const ihdr = list[0]?.data as Buffer;
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const channels = ihdr[9] === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(list.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data)));
  const stride = width * channels;
  const data = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const byte = raw[y * (stride + 1) + 1 + i] as number;
      const left = i >= channels ? (data[y * stride + i - channels] as number) : 0;
      const above = y > 0 ? (data[(y - 1) * stride + i] as number) : 0;
      data[y * stride + i] = (byte + (filter === 1 ? left : filter === 2 ? above : 0)) & 0xff;
    }
  }
  return { width, height, channels, data };
}

/** Pixels with flat areas, gradients and noise, so every filter gets chosen somewhere. */
function sample(width: number, height: number, channels: 3 | 4): Uint8Array {
  const data = new Uint8Array(width * height * channels);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let channel = 0; channel < channels; channel++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const byte = y < height / 3 ? 200 : y < (2 * height) / 3 ? (x * 7 + channel * 40) & 0xff : seed >> 23;
        data[(y * width + x) * channels + channel] = byte;
      }
    }
  }
  return data;
}

describe('encodePng', () => {
  it.each([3, 4] as const)('round-trips %i-channel pixels exactly', (channels) => {
    const data = sample(37, 23, channels);
    const png = encodePng({ width: 37, height: 23, channels, data });
    expect(decode(png)).toEqual({ width: 37, height: 23, channels, data });
  });

  it('writes IHDR, IDAT and IEND in that order', () => {
    const types = chunks(encodePng({ width: 2, height: 2, channels: 3, data: new Uint8Array(12) })).map((chunk) => chunk.type);
    expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
  });

  it('describes 8-bit RGB and RGBA without interlacing in the header', () => {
    const header = (channels: 3 | 4) => [
      ...(chunks(encodePng({ width: 1, height: 1, channels, data: new Uint8Array(channels) }))[0]?.data ?? []),
    ];
    expect(header(3).slice(8)).toEqual([8, 2, 0, 0, 0]);
    expect(header(4).slice(8)).toEqual([8, 6, 0, 0, 0]);
  });

  it('gives a size image readers agree on', () => {
    expect(readImageHeader(solidPng(800, 600, [10, 20, 30]))).toEqual({ type: 'image/png', width: 800, height: 600 });
  });

  it('fills a solid image with its colour', () => {
    const { data } = decode(solidPng(3, 2, [10, 20, 30]));
    expect([...data]).toEqual([10, 20, 30, 10, 20, 30, 10, 20, 30, 10, 20, 30, 10, 20, 30, 10, 20, 30]);
  });

  it.each([
    ['a zero width', { width: 0, height: 1, channels: 3 as const, data: new Uint8Array(0) }, 'PNG sides must be 1..16384 pixels'],
    ['a fractional height', { width: 1, height: 1.5, channels: 3 as const, data: new Uint8Array(3) }, 'PNG sides must be 1..16384 pixels'],
    ['too few bytes', { width: 2, height: 2, channels: 3 as const, data: new Uint8Array(11) }, 'expected 12 bytes of pixels, got 11'],
    [
      'two channels',
      { width: 1, height: 1, channels: 2 as unknown as 3, data: new Uint8Array(2) },
      'PNG pixels must have 3 (RGB) or 4 (RGBA) channels',
    ],
  ])('refuses %s', (_name, pixels, message) => {
    expect(() => encodePng(pixels)).toThrow(new RangeError(message));
  });
});
