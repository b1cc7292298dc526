import type { Conversions } from '../transport/declaration.js';
import { addressFromWire, addressToWire } from './address.js';
import { imageFromWire, imageToWire, videoFromWire, videoToWire } from './media.js';
import { atPaths } from './paths.js';
import { fromWireNames, toWireNames } from './rename.js';

const NON_FINITE: Record<string, number> = { NaN: Number.NaN, Infinity: Number.POSITIVE_INFINITY, '-Infinity': Number.NEGATIVE_INFINITY };

const floatToWire = (v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v);
const floatFromWire = (v: unknown) => (typeof v === 'string' && Object.hasOwn(NON_FINITE, v) ? NON_FINITE[v] : v);
const dateToWire = (v: any) => (v instanceof Date ? v.toISOString() : v);
const dateFromWire = (v: any) => (v ? new Date(v) : undefined);
const urlToWire = (v: any) => (v ? { relativePath: new URL(v).pathname, url: v } : undefined);
const urlFromWire = (v: any) => (v ? v.url : undefined);
const maskToWire = (v: any) => (Array.isArray(v) ? v.join(',') : v);
const bytesFromWire = (v: any) => (typeof v === 'string' ? Uint8Array.from(atob(v), (c) => c.charCodeAt(0)) : v);

/**
 * The request payload in wire form: a renamed copy (`_id` → `id`), then media, page URLs and
 * addresses, then dates, non-finite numbers and field masks (an address's `location.latitude: NaN`
 * leaves as `geocode.latitude: "NaN"`).
 */
export function payloadToWire(payload: unknown, c: Conversions = {}): any {
  const out = toWireNames(payload);
  atPaths(out, c.u, urlToWire);
  atPaths(out, c.i, imageToWire);
  atPaths(out, c.v, videoToWire);
  atPaths(out, c.a, addressToWire);
  atPaths(out, c.m, maskToWire, true);
  atPaths(out, c.d, dateToWire);
  atPaths(out, c.f, floatToWire);
  return out;
}

/** A response body in SDK form: dates and numbers, then media, URLs and addresses, then `id` → `_id`. */
export function responseFromWire(body: unknown, c: Conversions = {}): any {
  atPaths(body, c.d, dateFromWire);
  atPaths(body, c.f, floatFromWire);
  atPaths(body, c.b, bytesFromWire, true);
  atPaths(body, c.m, (v) => (typeof v === 'string' ? v.split(',') : v?.paths), true);
  atPaths(body, c.u, urlFromWire);
  atPaths(body, c.i, imageFromWire);
  atPaths(body, c.v, videoFromWire);
  atPaths(body, c.a, addressFromWire);
  return fromWireNames(body);
}
