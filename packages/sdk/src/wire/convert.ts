import type { Conversions } from '../transport/declaration.js';
import { addressFromWire, addressToWire } from './address.js';
import { imageFromWire, imageToWire, videoFromWire, videoToWire } from './media.js';
import { atPaths } from './paths.js';
import { fromWireNames, toWireNames, wireFieldPath } from './rename.js';

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
 * leaves as `geocode.latitude: "NaN"`); field names given as values (sort keys) as keys are.
 */
export function payloadToWire(payload: unknown, c: Conversions = {}): any {
  const out = toWireNames(payload);
  atPaths(out, c.fieldNames, wireFieldPath);
  atPaths(out, c.pageUrls, urlToWire);
  atPaths(out, c.images, imageToWire);
  atPaths(out, c.videos, videoToWire);
  atPaths(out, c.addresses, addressToWire);
  atPaths(out, c.fieldMasks, maskToWire, true);
  atPaths(out, c.dates, dateToWire);
  atPaths(out, c.floats, floatToWire);
  return out;
}

/** A response body in SDK form: dates and numbers, then media, URLs and addresses, then `id` → `_id`. */
export function responseFromWire(body: unknown, c: Conversions = {}): any {
  atPaths(body, c.dates, dateFromWire);
  atPaths(body, c.floats, floatFromWire);
  atPaths(body, c.bytes, bytesFromWire, true);
  atPaths(body, c.fieldMasks, (v) => (typeof v === 'string' ? v.split(',') : v?.paths), true);
  atPaths(body, c.pageUrls, urlFromWire);
  atPaths(body, c.images, imageFromWire);
  atPaths(body, c.videos, videoFromWire);
  atPaths(body, c.addresses, addressFromWire);
  return fromWireNames(body);
}
