import type { Conversions } from '../transport/declaration.js';
import { addressFromWire, addressToWire } from './address.js';
import { imageFromWire, imageToWire, videoFromWire, videoToWire } from './media.js';
import { atPaths } from './paths.js';
import { fromWireNames, toWireNames, wireFieldPath } from './rename.js';

const NON_FINITE: Record<string, number> = { NaN: Number.NaN, Infinity: Number.POSITIVE_INFINITY, '-Infinity': Number.NEGATIVE_INFINITY };

const floatToWire = (value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? String(value) : value);
const floatFromWire = (value: unknown) => (typeof value === 'string' && Object.hasOwn(NON_FINITE, value) ? NON_FINITE[value] : value);
const dateToWire = (value: any) => (value instanceof Date ? value.toISOString() : value);
const dateFromWire = (value: any) => (value ? new Date(value) : undefined);
const urlToWire = (value: any) => (value ? { relativePath: new URL(value).pathname, url: value } : undefined);
const urlFromWire = (value: any) => (value ? value.url : undefined);
const maskToWire = (value: any) => (Array.isArray(value) ? value.join(',') : value);
const bytesFromWire = (value: any) => (typeof value === 'string' ? Uint8Array.from(atob(value), (char) => char.charCodeAt(0)) : value);

/**
 * The request payload in wire form: a renamed copy (`_id` → `id`), then media, page URLs and
 * addresses, then dates, non-finite numbers and field masks (an address's `location.latitude: NaN`
 * leaves as `geocode.latitude: "NaN"`); field names given as values (sort keys) as keys are.
 */
export function payloadToWire(payload: unknown, conversions: Conversions = {}): any {
  const out = toWireNames(payload);
  atPaths(out, conversions.fieldNames, wireFieldPath);
  atPaths(out, conversions.pageUrls, urlToWire);
  atPaths(out, conversions.images, imageToWire);
  atPaths(out, conversions.videos, videoToWire);
  atPaths(out, conversions.addresses, addressToWire);
  atPaths(out, conversions.fieldMasks, maskToWire, true);
  atPaths(out, conversions.dates, dateToWire);
  atPaths(out, conversions.floats, floatToWire);
  return out;
}

/** A response body in SDK form: dates and numbers, then media, URLs and addresses, then `id` → `_id`. */
export function responseFromWire(body: unknown, conversions: Conversions = {}): any {
  atPaths(body, conversions.dates, dateFromWire);
  atPaths(body, conversions.floats, floatFromWire);
  atPaths(body, conversions.bytes, bytesFromWire, true);
  atPaths(body, conversions.fieldMasks, (value) => (typeof value === 'string' ? value.split(',') : value?.paths), true);
  atPaths(body, conversions.pageUrls, urlFromWire);
  atPaths(body, conversions.images, imageFromWire);
  atPaths(body, conversions.videos, videoFromWire);
  atPaths(body, conversions.addresses, addressFromWire);
  return fromWireNames(body);
}
