import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../../../test/support/test-database.js';
import type { DatabaseHandle } from '../../platform/db/database.js';
import { SigningKeys } from './keys.js';

let database: DatabaseHandle;
let keys: SigningKeys;
beforeAll(async () => {
  database = await freshDatabase();
  keys = new SigningKeys(database.db, 'http://issuer');
  await keys.init();
});
afterAll(() => database?.close());
afterEach(() => {
  vi.useRealTimers();
});

const claims = { sub: 'v1', role: 'visitor' as const, client_id: 'c' };

describe('remembered token verifications', () => {
  it('refuses a token it verified before once the token has expired', async () => {
    const token = await keys.sign(claims, 60);
    expect(await keys.verify(token)).toMatchObject({ sub: 'v1' });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect(await keys.verify(token)).toBeNull();
  });

  it('refuses a token whose signature was altered after the genuine one verified', async () => {
    const token = await keys.sign(claims, 600);
    expect(await keys.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(await keys.verify(`${header}.${payload}.${flipped}`)).toBeNull();
  });

  it('refuses a token whose claims were altered after the genuine one verified', async () => {
    const token = await keys.sign(claims, 600);
    expect(await keys.verify(token)).not.toBeNull();
    const [header, , signature] = token.split('.') as [string, string, string];
    const payload = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else', iss: 'http://issuer', exp: 9e9 })).toString('base64url');
    expect(await keys.verify(`${header}.${payload}.${signature}`)).toBeNull();
  });

  it('remembers the claims of a verified token, for answers without a promise, only after it verified (#23)', async () => {
    const token = await keys.sign(claims, 60);
    expect(keys.rememberedClaims(token)).toBeUndefined();
    expect(await keys.verify(token)).toMatchObject({ sub: 'v1' });
    expect(keys.rememberedClaims(token)).toMatchObject({ sub: 'v1', role: 'visitor' });
  });

  it('stops answering remembered claims once the token has expired', async () => {
    const token = await keys.sign(claims, 60);
    await keys.verify(token);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect(keys.rememberedClaims(token)).toBeUndefined();
  });

  it('stops answering remembered claims at once when their signing key is revoked', async () => {
    const token = await keys.sign(claims, 600);
    await keys.verify(token);
    const kid = JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString()).kid as string;
    await keys.revoke(kid);
    expect(keys.rememberedClaims(token)).toBeUndefined();
    expect(await keys.verify(token)).toBeNull();
  });
});
