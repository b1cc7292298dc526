import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payloadToWire, responseFromWire } from './convert.js';
import { imageFromWire, imageToWire, videoFromWire, videoToWire } from './media.js';

const num = fc.double().map((value) => (Object.is(value, -0) ? 0 : value));
const sdkAddress = fc.record(
  {
    city: fc.string(),
    country: fc.string(),
    postalCode: fc.string(),
    formatted: fc.string(),
    location: fc.record({ latitude: num, longitude: num }),
    addressLine1: fc.string(),
    addressLine2: fc.string(),
    streetAddress: fc.record({ name: fc.string(), number: fc.string(), apt: fc.string() }),
  },
  { requiredKeys: [] },
);
const idPart = fc.stringMatching(/^[A-Za-z0-9_~.-]{1,20}$/);

describe('conversions', () => {
  it('round-trips dates, non-finite numbers and addresses at declared paths', () => {
    const conversions = {
      dates: 'order.createdDate',
      floats: 'order.address.geocode.latitude order.address.geocode.longitude order.weight',
      addresses: 'order.address',
    };
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), num, sdkAddress, (date, weight, address) => {
        const sdk = { order: { _createdDate: date, weight, address } };
        const wire = JSON.parse(JSON.stringify(payloadToWire(sdk, conversions)));
        expect(responseFromWire(wire, conversions)).toEqual({ order: { ...sdk.order, weight } });
      }),
    );
  });

  it('never changes the caller’s arguments', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const arg = { _id: 'x', nested: { _id: 'y', value, list: [{ _createdDate: new Date(0) }] } };
        const before = structuredClone(arg);
        payloadToWire(arg, { dates: 'nested.list.createdDate', floats: 'nested.value' });
        expect(arg).toEqual(before);
      }),
    );
  });

  it('round-trips wix:image URIs', () => {
    fc.assert(
      fc.property(idPart, fc.string({ minLength: 1 }), fc.nat(), fc.nat(), (id, name, width, height) => {
        const uri = `wix:image://v1/${id}/${encodeURIComponent(name)}#originWidth=${width}&originHeight=${height}`;
        expect(imageFromWire(imageToWire(uri))).toBe(uri);
      }),
    );
  });

  it('round-trips wix:video URIs with a poster', () => {
    fc.assert(
      fc.property(idPart, fc.string({ minLength: 1 }), idPart, fc.nat(), fc.nat(), (id, name, poster, width, height) => {
        const uri = `wix:video://v1/${id}/${encodeURIComponent(name)}#posterUri=${poster}&posterWidth=${width}&posterHeight=${height}`;
        expect(videoFromWire(videoToWire(uri))).toBe(uri);
      }),
    );
  });

  it('accepts legacy image:// URIs and keeps plain URLs as {url}', () => {
    expect(imageToWire('image://v1/abc/f.jpg#originWidth=3&originHeight=4')).toEqual({
      id: 'abc',
      width: 3,
      height: 4,
      altText: 'f.jpg',
      filename: 'f.jpg',
    });
    expect(imageToWire('https://cdn.example/x.png')).toEqual({ url: 'https://cdn.example/x.png' });
  });

  it('renames id to _id at every depth, keeping an existing target', () => {
    expect(responseFromWire({ id: 1, items: [{ id: 2, createdDate: 'c' }], both: { id: 3, _id: 4 } })).toEqual({
      _id: 1,
      items: [{ _id: 2, _createdDate: 'c' }],
      both: { id: 3, _id: 4 },
    });
  });
});
