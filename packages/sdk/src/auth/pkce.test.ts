import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64url, codeChallenge, codeVerifier, generateOAuthData, pkce } from './pkce.js';

const VERIFIER = /^[A-Za-z0-9\-._~]+$/;
const BASE64URL_43 = /^[A-Za-z0-9_-]{43}$/;
const s256 = (v: string) => createHash('sha256').update(v).digest('base64url');

describe('PKCE code verifier', () => {
  it('has the asked length and only unreserved characters, for every length 43–128', () => {
    for (let n = 43; n <= 128; n++) {
      const v = codeVerifier(n);
      expect(v).toHaveLength(n);
      expect(v).toMatch(VERIFIER);
    }
  });

  it('is 43 characters by default', () => {
    expect(codeVerifier()).toHaveLength(43);
  });

  it('holds for any length in range (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 43, max: 128 }), (n) => {
        const v = codeVerifier(n);
        return v.length === n && VERIFIER.test(v);
      }),
    );
  });

  it('rejects any length out of range with the spec message (property)', () => {
    const outside = fc.oneof(fc.integer({ max: 42 }), fc.integer({ min: 129 }), fc.double({ min: 43.01, max: 127.99, noInteger: true }));
    fc.assert(
      fc.property(outside, (n) => {
        expect(() => codeVerifier(n)).toThrow(new RangeError('Expected a length between 43 and 128'));
      }),
    );
    expect(() => codeVerifier(42)).toThrow('Expected a length between 43 and 128');
    expect(() => codeVerifier(129)).toThrow('Expected a length between 43 and 128');
  });

  it('picks the last 8 characters as often as the others (no modulo bias)', () => {
    const CHARSET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) for (const ch of codeVerifier(128)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    const mean = (chars: string) => [...chars].reduce((s, ch) => s + (counts.get(ch) ?? 0), 0) / chars.length;
    // byte % 66 would pick each of the first 58 characters 4/256 of the time and the last 8 only 3/256 (ratio 0.75)
    expect(mean(CHARSET.slice(58)) / mean(CHARSET.slice(0, 58))).toBeGreaterThan(0.95);
    expect(counts.size).toBe(66);
  });
});

describe('PKCE code challenge', () => {
  it('is base64url(SHA-256(verifier)) without padding (property, checked with node:crypto)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 43, max: 128 }), async (n) => {
        const v = codeVerifier(n);
        const c = await codeChallenge(v);
        expect(c).toBe(s256(v));
        expect(c).toMatch(BASE64URL_43);
      }),
    );
  });

  it('matches the RFC 7636 example', async () => {
    expect(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('base64url drops padding and uses the URL alphabet', () => {
    expect(base64url(new Uint8Array([251, 255]))).toBe('-_8');
  });
});

describe('generateOAuthData', () => {
  it('gives redirect and original URIs, a 43-char verifier, its S256 challenge and a 43-char base64url state', async () => {
    const d = await generateOAuthData('https://shop.example.com/callback', 'https://shop.example.com/account');
    expect(d).toMatchObject({ redirectUri: 'https://shop.example.com/callback', originalUri: 'https://shop.example.com/account' });
    expect(d.codeVerifier).toHaveLength(43);
    expect(d.codeVerifier).toMatch(VERIFIER);
    expect(d.codeChallenge).toBe(s256(d.codeVerifier));
    expect(d.state).toMatch(BASE64URL_43);
  });

  it('defaults the original URI to an empty string', async () => {
    expect((await generateOAuthData('https://shop.example.com/callback')).originalUri).toBe('');
  });

  it('draws a new state and verifier every time', async () => {
    const [a, b] = await Promise.all([pkce(), pkce()]);
    expect(a.state).not.toBe(b.state);
    expect(a.codeVerifier).not.toBe(b.codeVerifier);
  });
});
