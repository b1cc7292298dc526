import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64url } from '../wire/base64url.js';
import { LONG_GET, toQueryString } from './query-string.js';

const decodeDotR = (query: string) => {
  const encoded = new URLSearchParams(query).get('.r') as string;
  const bin = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (char) => char.charCodeAt(0))));
};
const json = fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)));

describe('GET query encoding', () => {
  it('round-trips any nested query payload through the .r parameter', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), json), fc.string({ minLength: 1 }), (filter, name) => {
        const payload = { query: { filter, paging: { offset: 0, limit: 50 }, name } };
        expect(decodeDotR(toQueryString(payload, true))).toEqual(payload);
      }),
    );
  });

  it('uses base64url without padding', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const out = base64url(new TextEncoder().encode(text));
        expect(out).toMatch(/^[A-Za-z0-9_-]*$/);
        const bin = atob(out.replace(/-/g, '+').replace(/_/g, '/'));
        expect(new TextDecoder().decode(Uint8Array.from(bin, (char) => char.charCodeAt(0)))).toBe(text);
      }),
    );
  });

  it('round-trips flat payloads as dotted, repeated parameters', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string()), fc.boolean(), (id, tags, flag) => {
        const query = toQueryString({ id, tags, flag, nested: { a: id }, skip: null, gone: undefined });
        const params = new URLSearchParams(query);
        expect(params.get('id')).toBe(id);
        expect(params.getAll('tags')).toEqual(tags);
        expect(params.get('flag')).toBe(String(flag));
        expect(params.get('nested.a')).toBe(id);
        expect(params.has('skip') || params.has('gone')).toBe(false);
      }),
    );
  });

  it('keeps flat payloads of query endpoints as plain parameters', () => {
    expect(toQueryString({ slug: 'a b', ids: ['x', 'y'] }, true)).toBe('slug=a+b&ids=x&ids=y');
  });

  it('sends a query endpoint payload whose array holds objects as .r', () => {
    expect(toQueryString({ sort: [{ fieldName: 'name' }] }, true)).toMatch(/^\.r=/);
  });

  it('names 4000 characters as the long-GET threshold', () => {
    expect(LONG_GET).toBe(4000);
  });
});
