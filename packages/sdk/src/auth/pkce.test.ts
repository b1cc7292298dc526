import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64url, codeChallenge, codeVerifier, generateOAuthData, pkce } from './pkce.js';

const VERIFIER = /^[A-Za-z0-9\-._~]+$/;
const BASE64URL_43 = /^[A-Za-z0-9_-]{43}$/;
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

describe('PKCE code verifier', () => {
  it('has the asked length and only unreserved characters, for every length 43–128', () => {
    for (let length = 43; length <= 128; length++) {
      const verifier = codeVerifier(length);
      expect(verifier).toHaveLength(length);
      expect(verifier).toMatch(VERIFIER);
    }
  });

  it('is 43 characters by default', () => {
    expect(codeVerifier()).toHaveLength(43);
  });

  it('holds for any length in range (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 43, max: 128 }), (length) => {
        const verifier = codeVerifier(length);
        return verifier.length === length && VERIFIER.test(verifier);
      }),
    );
  });

  it('rejects any length out of range with the spec message (property)', () => {
    const outside = fc.oneof(fc.integer({ max: 42 }), fc.integer({ min: 129 }), fc.double({ min: 43.01, max: 127.99, noInteger: true }));
    fc.assert(
      fc.property(outside, (length) => {
        expect(() => codeVerifier(length)).toThrow(new RangeError('Expected a length between 43 and 128'));
      }),
    );
    expect(() => codeVerifier(42)).toThrow('Expected a length between 43 and 128');
    expect(() => codeVerifier(129)).toThrow('Expected a length between 43 and 128');
  });

  it('picks the last 8 characters as often as the others (no modulo bias)', () => {
    const CHARSET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) for (const char of codeVerifier(128)) counts.set(char, (counts.get(char) ?? 0) + 1);
    const mean = (chars: string) => [...chars].reduce((total, char) => total + (counts.get(char) ?? 0), 0) / chars.length;
    // byte % 66 would pick each of the first 58 characters 4/256 of the time and the last 8 only 3/256 (ratio 0.75)
    expect(mean(CHARSET.slice(58)) / mean(CHARSET.slice(0, 58))).toBeGreaterThan(0.95);
    expect(counts.size).toBe(66);
  });
});

describe('PKCE code challenge', () => {
  it('is base64url(SHA-256(verifier)) without padding (property, checked with node:crypto)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 43, max: 128 }), async (length) => {
        const verifier = codeVerifier(length);
        const challenge = await codeChallenge(verifier);
        expect(challenge).toBe(s256(verifier));
        expect(challenge).toMatch(BASE64URL_43);
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
    const data = await generateOAuthData('https://shop.example.com/callback', 'https://shop.example.com/account');
    expect(data).toMatchObject({ redirectUri: 'https://shop.example.com/callback', originalUri: 'https://shop.example.com/account' });
    expect(data.codeVerifier).toHaveLength(43);
    expect(data.codeVerifier).toMatch(VERIFIER);
    expect(data.codeChallenge).toBe(s256(data.codeVerifier));
    expect(data.state).toMatch(BASE64URL_43);
  });

  it('defaults the original URI to an empty string', async () => {
    expect((await generateOAuthData('https://shop.example.com/callback')).originalUri).toBe('');
  });

  it('draws a new state and verifier every time', async () => {
    const [first, second] = await Promise.all([pkce(), pkce()]);
    expect(first.state).not.toBe(second.state);
    expect(first.codeVerifier).not.toBe(second.codeVerifier);
  });
});
